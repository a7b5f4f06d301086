import { and, eq, isNull } from 'drizzle-orm';
import { teamInvitations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, issuesFromZod } from '@/server/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { openSession, type SignInResult } from '../auth/sign-in';
import { hashInvitationToken, isInvitationTokenShape } from '../invitations/invitation-token';
import { createUser } from '../users/create-user';
import { invitationState } from './get-team-invitation-by-token';
import { AcceptTeamInvitationInputSchema } from './team-schemas';

/**
 * The invitee joins: one transaction creates their user with the invitation's role, marks the invitation used,
 * records `member.joined` and opens their session. The invitation row is locked, so a link clicked twice at once
 * makes one member. Unknown link: 404; expired, revoked or used: 410.
 */
export async function acceptTeamInvitation(
  db: DbExecutor,
  input: { token: string; name: string; password: string; now?: Date; requestId?: string | null },
): Promise<SignInResult> {
  const parsed = AcceptTeamInvitationInputSchema.safeParse({ name: input.name, password: input.password });
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: issuesFromZod(parsed.error) });
  if (!isInvitationTokenShape(input.token)) throw new AppError('NOT_FOUND', 'Invitation not found');
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.tokenHash, hashInvitationToken(input.token)))
      .for('update');
    if (!invitation) throw new AppError('NOT_FOUND', 'Invitation not found');
    const state = invitationState(invitation, now);
    if (state !== 'pending') throw new AppError('GONE', `This invitation is ${state === 'accepted' ? 'already used' : state}`);
    const user = await createUser(tx, { orgId: invitation.orgId, email: invitation.email, name: parsed.data.name, password: parsed.data.password, role: invitation.role });
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedUserId: user.id })
      .where(and(eq(teamInvitations.id, invitation.id), eq(teamInvitations.orgId, invitation.orgId), isNull(teamInvitations.acceptedAt)));
    await recordAuditEvent(tx, {
      orgId: invitation.orgId,
      audit: { actor: { type: 'user', id: user.id }, requestId: input.requestId ?? null },
      action: 'member.joined',
      targetType: 'user',
      targetId: user.id,
      details: { invitationId: invitation.id, role: invitation.role },
    });
    return openSession(tx, { userId: user.id, orgId: invitation.orgId, now, requestId: input.requestId });
  });
}
