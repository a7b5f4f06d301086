import { router } from '@/server/trpc';
import { getMailboxMessageProcedure } from './get-mailbox-message';
import { listMailboxMessagesProcedure } from './list-mailbox-messages';

/** Dashboard only, and only while no RESEND_API_KEY is set: the email the service would have sent. */
export const mailboxRouter = router({
  list: listMailboxMessagesProcedure,
  get: getMailboxMessageProcedure,
});
