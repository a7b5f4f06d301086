import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { users } from './users';

export const NOTIFICATION_KINDS = ['interview.completed', 'report.ready', 'report.failed', 'interview.expired', 'mention', 'webhook.disabled'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_DELIVERIES = ['off', 'immediately', 'digest'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

/**
 * One notification for one user. It holds ids only (never a name or a text about a candidate): the dashboard
 * renders it from the records it points to, so an erased candidate's notifications say nothing about them.
 * `dedupe_key` names the event (per user), so an event handled twice notifies once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    interviewId: text('interview_id'),
    noteId: text('note_id'),
    webhookEndpointId: text('webhook_endpoint_id'),
    actorId: text('actor_id'),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`read_at is null`),
    index('notifications_note_idx').on(t.noteId),
  ],
);

/** A user's choice of email per kind; a kind without a row follows DEFAULT_EMAIL_DELIVERY. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    email: text('email').$type<EmailDelivery>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
