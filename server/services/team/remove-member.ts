import { and, eq } from 'drizzle-orm';
import { sessions, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { lockAdmins } from './lock-admins';

/**
 * Removes a member from the organization: their sessions are deleted in the same transaction (they are signed
 * out on their next request) and the user row is deleted, so the email may be invited again. What they did stays
 * in the audit log under their user id. The last admin cannot be removed, not even by themselves.
 */
export async function removeMember(db: DbExecutor, input: { orgId: string; userId: string; audit?: AuditContext }): Promise<{ userId: string; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, input.orgId);
    const [member] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.orgId, input.orgId)))
      .for('update');
    if (!member) throw notFound('Member');
    if (member.role === 'admin' && admins.length <= 1) {
      throw new AppError('CONFLICT', 'This is the last admin of the organization; make someone else an admin before removing them');
    }
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.orgId, input.orgId), eq(sessions.userId, member.id)))
      .returning({ id: sessions.id });
    await tx.delete(users).where(and(eq(users.id, member.id), eq(users.orgId, input.orgId)));
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'member.removed',
      targetType: 'user',
      targetId: member.id,
      details: { role: member.role, sessionsEnded: ended.length },
    });
    return { userId: member.id, sessionsEnded: ended.length };
  });
}
