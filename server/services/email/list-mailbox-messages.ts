import { desc, eq, sql } from 'drizzle-orm';
import { mailboxMessages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import { toPage, type Page } from '../pagination';
import { assertLocalMailboxEnabled } from './local-mailbox';
import type { MailboxMessageSummary } from './mailbox-schemas';

/** The organization's local mailbox, newest first (the (org, created_at desc, id desc) index serves it). */
export async function listMailboxMessages(db: DbExecutor, input: { orgId: string; page: number; pageSize: number }): Promise<Page<MailboxMessageSummary>> {
  assertLocalMailboxEnabled();
  const where = eq(mailboxMessages.orgId, input.orgId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: mailboxMessages.id, to: mailboxMessages.toAddress, subject: mailboxMessages.subject, createdAt: mailboxMessages.createdAt })
      .from(mailboxMessages)
      .where(where)
      .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(mailboxMessages).where(where),
  ]);
  return toPage(
    rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    total,
    input.page,
    input.pageSize,
  );
}
