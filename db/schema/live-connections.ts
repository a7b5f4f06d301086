import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';

/**
 * Which page connection holds an interview's live conversation, across every app instance: the newest one. An
 * instance whose connection is no longer the holder ends it (server/services/live/live-lease.ts), so two tabs,
 * or a tab that reconnected to another instance, never conduct the same conversation at once.
 */
export const liveConnections = pgTable('live_connections', {
  interviewId: text('interview_id')
    .primaryKey()
    .references(() => interviews.id, { onDelete: 'cascade' }),
  orgId: text('org_id').notNull(),
  connectionId: text('connection_id').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
