import { and, eq } from 'drizzle-orm';
import { users, type UserRole } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { lockAdmins } from './lock-admins';
import type { MemberDto } from './team-schemas';
import { iso } from '../fields';

/** Changes a member's role; it applies to their very next request (the session lookup reads it). */
export async function setMemberRole(db: DbExecutor, input: { orgId: string; userId: string; role: UserRole; audit?: AuditContext }): Promise<MemberDto> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, input.orgId);
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.orgId, input.orgId)))
      .for('update');
    if (!member) throw notFound('Member');
    if (member.role === input.role) return toMember(member);
    if (member.role === 'admin' && admins.length <= 1) {
      throw new AppError('CONFLICT', 'This is the last admin of the organization; make someone else an admin first');
    }
    const [updated] = await tx
      .update(users)
      .set({ role: input.role })
      .where(and(eq(users.id, input.userId), eq(users.orgId, input.orgId)))
      .returning();
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'member.role_changed',
      targetType: 'user',
      targetId: member.id,
      details: { from: member.role, to: input.role },
    });
    return toMember(updated);
  });
}

function toMember(row: typeof users.$inferSelect): MemberDto {
  return { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: iso(row.createdAt) };
}
