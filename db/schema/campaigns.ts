import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { organizations } from './organizations';

/** A hiring process for one job posting. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    jobId: text('job_id').notNull().references(() => jobs.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('campaigns_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()), index('campaigns_job_idx').on(t.jobId)],
);
