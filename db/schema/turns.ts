import { boolean, jsonb, pgTable, primaryKey, text, timestamp, integer } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.interviewId, t.turnNumber] })],
);
