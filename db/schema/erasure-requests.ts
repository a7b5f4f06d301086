import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * A candidate's request to be erased (GDPR Art. 17; the 30-day clock of Art. 12(3), Illinois' 30 days for
 * recordings): when it was received and when the erasure completed it. `candidateId` stays after the erasure as the
 * anonymous key interviews keep (no foreign key: the candidate row is deleted).
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    candidateId: text('candidate_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('erasure_requests_org_open_idx').on(t.orgId, t.completedAt, t.receivedAt)],
);
