import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/** What a dashboard user may do: docs/DECISIONS.md "Team and roles" has the matrix. */
export const USER_ROLES = ['admin', 'recruiter', 'viewer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** People who sign in to the dashboard. An email belongs to one organization. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    email: text('email').notNull().unique(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    /** Users created before roles existed (CLI, demo seed) were in charge of everything: they became admins. */
    role: text('role').$type<UserRole>().notNull().default('admin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_org_idx').on(t.orgId), check('users_role_check', sql`${t.role} in ('admin', 'recruiter', 'viewer')`)],
);
