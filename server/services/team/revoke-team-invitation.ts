import { and, eq, isNull } from 'drizzle-orm';
import { teamInvitations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';

/** Revokes a pending invitation of the organization: its link stops working. Revoking twice is harmless. */
export async function revokeTeamInvitation(db: DbExecutor, input: { orgId: string; id: string; audit?: AuditContext; now?: Date }): Promise<{ id: string; revokedAt: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: teamInvitations.id, acceptedAt: teamInvitations.acceptedAt, revokedAt: teamInvitations.revokedAt })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.id, input.id), eq(teamInvitations.orgId, input.orgId)))
      .for('update');
    if (!row) throw notFound('Invitation');
    if (row.revokedAt || row.acceptedAt) return { id: row.id, revokedAt: row.revokedAt?.toISOString() ?? null };
    const revokedAt = input.now ?? new Date();
    await tx
      .update(teamInvitations)
      .set({ revokedAt })
      .where(and(eq(teamInvitations.id, input.id), eq(teamInvitations.orgId, input.orgId), isNull(teamInvitations.revokedAt)));
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'member.invitation_revoked', targetType: 'team_invitation', targetId: row.id });
    return { id: row.id, revokedAt: revokedAt.toISOString() };
  });
}
