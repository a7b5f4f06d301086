import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Job postings. */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    title: text('title').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc())],
);
