import { sql } from 'drizzle-orm';
import { boolean, check, jsonb, pgTable, primaryKey, text, timestamp, integer } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';

export type TurnRole = 'agent' | 'candidate';

/** One voice exchange. (interview_id, turn_number) is the identity the agent retries on. */
export const turns = pgTable(
  'turns',
  {
    interviewId: text('interview_id').notNull().references(() => interviews.id),
    turnNumber: integer('turn_number').notNull(),
    orgId: text('org_id').notNull(),
    role: text('role').$type<TurnRole>().notNull(),
    content: text('content').notNull().default(''),
    audioUrl: text('audio_url'),
    isPendingQuestion: boolean('is_pending_question').notNull().default(false),
    evaluation: jsonb('evaluation').$type<Record<string, unknown>>(),
    /** When the utterance began and ended, as the agent knows it (CONTRACT §13); null when unknown. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Where the turn lies in the interview's whole recording (its audioUrl), in milliseconds from its start. */
    offsetMs: integer('offset_ms'),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.turnNumber] }),
    // The routes validate these first (a 400 naming the field); the checks keep any other writer honest.
    check('turns_ended_after_started_check', sql`${t.endedAt} >= ${t.startedAt}`),
    check('turns_offset_ms_check', sql`${t.offsetMs} >= 0`),
    check('turns_duration_ms_check', sql`${t.durationMs} >= 0`),
  ],
);
