import { and, eq } from 'drizzle-orm';
import { mailboxMessages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import { assertLocalMailboxEnabled } from './local-mailbox';
import type { MailboxMessage } from './mailbox-schemas';

/** One message of the organization's local mailbox; another organization's id is not found, like a missing one. */
export async function getMailboxMessage(db: DbExecutor, input: { orgId: string; id: string }): Promise<MailboxMessage> {
  assertLocalMailboxEnabled();
  if (!isIdOf('mailboxMessage', input.id)) throw notFound('Message');
  const [row] = await db
    .select()
    .from(mailboxMessages)
    .where(and(eq(mailboxMessages.id, input.id), eq(mailboxMessages.orgId, input.orgId)));
  if (!row) throw notFound('Message');
  return { id: row.id, from: row.fromAddress, to: row.toAddress, subject: row.subject, text: row.text, html: row.html, createdAt: iso(row.createdAt) };
}
