import { and, eq, isNull } from 'drizzle-orm';
import { teamInvitations, users, type UserRole } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { newInvitationToken, sealInvitationToken } from '../invitations/invitation-token';
import { toInvitationDto } from './list-team';
import { TEAM_INVITATION_LIFETIME_MS, type TeamInvitationDto } from './team-schemas';

/** The job that emails one team invitation link: the token travels sealed, bound to the invitation id. */
export type TeamInvitationEmailJob = { orgId: string; invitationId: string; tokenHash: string; sealedToken: string };

/**
 * An admin invites `email` to the organization with `role`: a link with a random token (only its SHA-256 is
 * stored) valid 7 days, emailed by a job queued in the same transaction. Inviting an email with a pending
 * invitation revokes the old link and issues a new one; a member of the team is a 409. An email belongs to one
 * organization, so an invitation to an address with an account elsewhere can never be accepted; it is still
 * issued (see below).
 */
export async function inviteMember(
  db: DbExecutor,
  input: { orgId: string; email: string; role: UserRole; invitedBy: string; audit?: AuditContext; now?: Date },
): Promise<{ invitation: TeamInvitationDto; replaced: boolean }> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Only this organization's members are looked at. An email with an account in another organization is invited
    // exactly like a free one (same answer, a pending invitation, the email sent): any other answer would tell an
    // admin that the address has an account elsewhere, since they know their own team. Its holder learns on the
    // join page that the email already has an account (createUser's 409); nobody else learns anything.
    const [member] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, email), eq(users.orgId, input.orgId)));
    if (member) throw new AppError('CONFLICT', 'This person is already a member of the team');
    const replaced = await tx
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(and(eq(teamInvitations.orgId, input.orgId), eq(teamInvitations.email, email), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
      .returning({ id: teamInvitations.id });
    const { token, hash } = newInvitationToken();
    const id = newId('teamInvitation');
    const [row] = await tx
      .insert(teamInvitations)
      .values({ id, orgId: input.orgId, email, role: input.role, tokenHash: hash, invitedBy: input.invitedBy, expiresAt: new Date(now.getTime() + TEAM_INVITATION_LIFETIME_MS), createdAt: now })
      .returning();
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'member.invited',
      targetType: 'team_invitation',
      targetId: id,
      details: { role: input.role, replaced: replaced.map((r) => r.id) },
    });
    const job: TeamInvitationEmailJob = { orgId: input.orgId, invitationId: id, tokenHash: hash, sealedToken: sealInvitationToken(token, id) };
    await enqueueJob(tx, QUEUES.teamInvitationEmail, job);
    return { invitation: toInvitationDto(row, now), replaced: replaced.length > 0 };
  });
}
