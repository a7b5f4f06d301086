import { and, eq } from 'drizzle-orm';
import { interviews, invitationLinks } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { getEnv } from '@/server/env';
import { isIdOf } from '@/server/ids';
import { effectiveStatus } from '../interviews/effective-status';
import { hashInvitationToken, openInvitationToken } from '../invitations/invitation-token';

/**
 * The candidate's invitation link (/i/<token>) of an interview still waiting for them, for "Copy invitation
 * link": opened from the sealed copy kept when the link was issued. No new link is issued (that would break the
 * one already emailed). A link issued before links were kept, or that no longer opens (resent, cancelled, expired,
 * started, erased), is a 409 saying to resend the invitation, which issues one that can be copied.
 */
export async function getInvitationLink(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<{ url: string; expiresAt: string }> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [row] = await db
    .select({
      status: interviews.status,
      expiresAt: interviews.expiresAt,
      currentHash: interviews.inviteTokenHash,
      linkHash: invitationLinks.tokenHash,
      sealedToken: invitationLinks.sealedToken,
    })
    .from(interviews)
    .leftJoin(invitationLinks, and(eq(invitationLinks.interviewId, interviews.id), eq(invitationLinks.orgId, interviews.orgId)))
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!row) throw notFound('Interview');
  const status = effectiveStatus({ status: row.status, expiresAt: row.expiresAt });
  if (status !== 'INVITED') throw new AppError('CONFLICT', `This interview is ${status.toLowerCase().replace('_', ' ')}: there is no open invitation link to copy`);
  const token = row.sealedToken && row.linkHash === row.currentHash ? openInvitationToken(row.sealedToken, input.interviewId) : null;
  if (!token || !row.currentHash || hashInvitationToken(token) !== row.currentHash) {
    throw new AppError('CONFLICT', 'This link was sent before links could be copied: resend the invitation to get one you can copy');
  }
  return { url: `${getEnv().APP_URL}/i/${token}`, expiresAt: row.expiresAt.toISOString() };
}
