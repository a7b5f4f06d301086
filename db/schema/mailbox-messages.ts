import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The local mailbox: where email lands when no RESEND_API_KEY is configured (development, demos), for the
 * dashboard to show. It holds the message as sent, links included, so it is not for production use.
 */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    /** The same key as the sent_emails row: a retried delivery finds the message instead of adding a copy. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailbox_messages_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc())],
);
