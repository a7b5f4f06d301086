import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { interviewConfigs } from './interview-configs';
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
    /** The question set every invitation of the campaign uses unless its stage or the invitation names another. */
    configId: text('config_id').references(() => interviewConfigs.id),
    /** The sample campaign "Run a demo interview" creates once per organization (see interviews.isDemo). */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()), index('campaigns_job_idx').on(t.jobId),
    // At most one sample campaign per organization, however many demos start at once.
    uniqueIndex('campaigns_org_demo_uq').on(t.orgId).where(sql`is_demo`),
  ],
);
