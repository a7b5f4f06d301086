import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';
import { organizations } from './organizations';

export const DECISION_STATUSES = ['ADVANCE', 'HOLD', 'REJECT'] as const;
export type DecisionStatus = (typeof DECISION_STATUSES)[number];
export type DecidedByType = 'user' | 'api_key';

/**
 * Every decision a person took on an interview, append-only: deciding again marks the previous row superseded
 * and inserts a new one, so the current decision is the one row with `superseded_at` null (a partial unique
 * index holds that) and the rows before it are the history. Only a person decides (a recruiter, or an API
 * client acting for one): no job or rule ever writes here.
 */
export const interviewDecisions = pgTable(
  'interview_decisions',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    interviewId: text('interview_id').notNull().references(() => interviews.id),
    status: text('status').$type<DecisionStatus>().notNull(),
    reason: text('reason'),
    decidedByType: text('decided_by_type').$type<DecidedByType>().notNull(),
    decidedById: text('decided_by_id').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('interview_decisions_current_idx').on(t.interviewId).where(sql`superseded_at is null`),
    index('interview_decisions_org_interview_idx').on(t.orgId, t.interviewId, t.decidedAt),
  ],
);
