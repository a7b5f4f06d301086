import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const SAVED_FILTER_LISTS = ['interviews', 'candidates'] as const;
export type SavedFilterList = (typeof SAVED_FILTER_LISTS)[number];

/** A user's named filter + sort of a dashboard list: personal, never shared with teammates. */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').$type<SavedFilterList>().notNull(),
    name: text('name').notNull(),
    /** The list's URL query (filters and sort, never the page), as the list page reads it. */
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_filters_user_list_idx').on(t.orgId, t.userId, t.list, t.createdAt)],
);
