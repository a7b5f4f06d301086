import { listMailboxMessages } from '@/server/services/email/list-mailbox-messages';
import { ListMailboxMessagesInputSchema, MailboxMessagePageSchema } from '@/server/services/email/mailbox-schemas';
import { adminProcedure } from '@/server/trpc';

export const listMailboxMessagesProcedure = adminProcedure
  .input(ListMailboxMessagesInputSchema)
  .output(MailboxMessagePageSchema)
  .query(({ ctx, input }) => listMailboxMessages(ctx.db, { orgId: ctx.orgId, ...input }));
