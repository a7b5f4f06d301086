import { mailboxMessages } from '@/db/schema';
import type { Database } from '@/db/client';
import { newId } from '@/server/ids';

/** A message of the local mailbox, inserted as the email job would leave it (with an invitation link in its text). */
export async function insertMailboxMessage(db: Database, orgId: string, fields: { to: string; subject: string; createdAt?: Date }) {
  const [row] = await db
    .insert(mailboxMessages)
    .values({
      id: newId('mailboxMessage'),
      orgId,
      idempotencyKey: `test/${newId('mailboxMessage')}`,
      fromAddress: 'Interview Screening <no-reply@interviews.localhost>',
      toAddress: fields.to,
      subject: fields.subject,
      text: `Hello,\n\nStart the interview: http://localhost:3999/i/${newId('session').slice(4)}\n`,
      html: '<p>Hello,</p><script>alert(1)</script>',
      createdAt: fields.createdAt ?? new Date(),
    })
    .returning();
  return row;
}
