import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** Recruiters who sign in to the dashboard. An email belongs to one organization. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    email: text('email').notNull().unique(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_org_idx').on(t.orgId)],
);
