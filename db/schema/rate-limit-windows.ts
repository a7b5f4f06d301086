import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed one-minute windows of request counts per API key. Kept in the database so that every app instance
 * shares the same count.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    apiKeyId: text('api_key_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.windowStart] })],
);
