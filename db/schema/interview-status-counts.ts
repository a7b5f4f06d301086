import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { InterviewStatus } from './interviews';

/**
 * How many interviews each organization has in each stored status, kept exact by statement-level triggers on
 * `interviews` (insert, update, delete, truncate: migration interview-status-counts). The interview list reads
 * its total here instead of counting up to 100,000 rows per request. Never written by application code.
 */
export const interviewStatusCounts = pgTable(
  'interview_status_counts',
  {
    orgId: text('org_id').notNull(),
    status: text('status').$type<InterviewStatus>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.status] })],
);
