import { getMailboxMessage } from '@/server/services/email/get-mailbox-message';
import { GetMailboxMessageInputSchema, MailboxMessageSchema } from '@/server/services/email/mailbox-schemas';
import { adminProcedure } from '@/server/trpc';

export const getMailboxMessageProcedure = adminProcedure
  .input(GetMailboxMessageInputSchema)
  .output(MailboxMessageSchema)
  .query(({ ctx, input }) => getMailboxMessage(ctx.db, { orgId: ctx.orgId, id: input.id }));
