import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';

export const INTEGRITY_EVENT_KINDS = ['page_away', 'paste'] as const;
export type IntegrityEventKind = (typeof INTEGRITY_EVENT_KINDS)[number];

/**
 * What the candidate's page observed during an interview (issue 25, integrity signals), reported as facts: the
 * candidate left the page (`page_away`, for `durationMs`), or pasted `characters` characters into the written
 * answer to turn `turnNumber` (`paste`). Never a score, never a decision, nothing about emotions. `clientEventId`
 * is the page's own id of the event, so a retried report is stored once.
 */
export const integrityEvents = pgTable(
  'integrity_events',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull(),
    interviewId: text('interview_id')
      .notNull()
      .references(() => interviews.id),
    clientEventId: text('client_event_id').notNull(),
    kind: text('kind', { enum: INTEGRITY_EVENT_KINDS }).notNull(),
    /** The question's turn the candidate was answering (paste), when known. */
    turnNumber: integer('turn_number'),
    durationMs: integer('duration_ms'),
    characters: integer('characters'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integrity_events_client_event_idx').on(t.interviewId, t.clientEventId), index('integrity_events_org_interview_idx').on(t.orgId, t.interviewId)],
);
