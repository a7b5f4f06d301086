import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const WATCH_TARGET_TYPES = ['interview', 'campaign'] as const;
export type WatchTargetType = (typeof WATCH_TARGET_TYPES)[number];

/** A user who follows an interview or a campaign: they are notified of what happens to it (see notifications). */
export const watchers = pgTable(
  'watchers',
  {
    orgId: text('org_id').notNull().references(() => organizations.id),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').$type<WatchTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetType, t.targetId] }), index('watchers_target_idx').on(t.orgId, t.targetType, t.targetId)],
);
