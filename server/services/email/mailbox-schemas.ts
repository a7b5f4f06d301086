import { z } from 'zod';
import { PaginationInputShape, paginatedSchema } from '../pagination';
import { idString, timestampOut } from '../fields';

/** Shapes of the local mailbox (dashboard only, never REST v1). */

export const ListMailboxMessagesInputSchema = z.strictObject({ ...PaginationInputShape });

export const GetMailboxMessageInputSchema = z.strictObject({ id: idString('Mailbox message id (msg_…).') });

export const MailboxMessageSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: timestampOut(),
});
export type MailboxMessageSummary = z.infer<typeof MailboxMessageSummarySchema>;
export const MailboxMessagePageSchema = paginatedSchema(MailboxMessageSummarySchema);

export const MailboxMessageSchema = MailboxMessageSummarySchema.extend({
  from: z.string(),
  text: z.string(),
  /** As sent: the dashboard renders it in a sandboxed frame, never into its own document. */
  html: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
