import { listMailboxMessages } from '@/server/services/email/list-mailbox-messages';
import { ListMailboxMessagesInputSchema, MailboxMessagePageSchema } from '@/server/services/email/mailbox-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const listMailboxMessagesProcedure = recruiterProcedure
  .input(ListMailboxMessagesInputSchema)
  .output(MailboxMessagePageSchema)
  .query(({ ctx, input }) => listMailboxMessages(ctx.db, { orgId: ctx.orgId, ...input }));
