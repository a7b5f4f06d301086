import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { interviews } from './interviews';
import { organizations } from './organizations';

export const EMAIL_KINDS = ['invitation', 'reminder', 'webhook-disabled', 'team-invitation', 'notification', 'notification-digest', 'decision'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * The ledger of emails handed to a transport. `idempotency_key` (also sent to Resend as Idempotency-Key) names one
 * email of one invitation link: a job that finds its key here has nothing left to do.
 */
export const sentEmails = pgTable(
  'sent_emails',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    interviewId: text('interview_id').references(() => interviews.id),
    kind: text('kind').$type<EmailKind>().notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** `resend` or `mailbox` (the local development mailbox). */
    transport: text('transport').$type<'resend' | 'mailbox'>().notNull(),
    /** Resend's email id, or the mailbox message id. */
    providerMessageId: text('provider_message_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    locale: text('locale').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_emails_org_interview_idx').on(t.orgId, t.interviewId, t.sentAt.desc())],
);
