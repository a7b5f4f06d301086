import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { teamInvitations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { sendEmail } from '../email/send-email';
import { renderTeamInvitationEmail } from '../email/team-invitation-template';
import { hashInvitationToken, openInvitationToken } from '../invitations/invitation-token';
import { invitationState, selectTeamInvitationFacts } from './get-team-invitation-by-token';

const JobSchema = z.object({ orgId: z.string(), invitationId: z.string(), tokenHash: z.string().length(64), sealedToken: z.string() });

export type TeamInvitationEmailResult = { outcome: 'sent' | 'already-sent'; providerMessageId: string } | { outcome: 'skipped'; reason: string };

/**
 * The team invitation email job: re-reads the invitation and sends nothing once it is no longer pending (revoked,
 * replaced by a newer link, accepted, expired). Without RESEND_API_KEY it lands in the organization's dev mailbox.
 * Sent at most once (sendEmail's ledger); a provider failure throws and the queue retries.
 */
export async function sendTeamInvitationEmail(db: DbExecutor, data: unknown, now = new Date()): Promise<TeamInvitationEmailResult> {
  const parsed = JobSchema.safeParse(data);
  if (!parsed.success) return { outcome: 'skipped', reason: 'malformed-job' };
  const job = parsed.data;
  const [row] = await selectTeamInvitationFacts(db, and(eq(teamInvitations.id, job.invitationId), eq(teamInvitations.orgId, job.orgId))!);
  if (!row || row.tokenHash !== job.tokenHash) return { outcome: 'skipped', reason: 'not-found' };
  if (invitationState(row, now) !== 'pending') return { outcome: 'skipped', reason: 'not-pending' };
  const token = openInvitationToken(job.sealedToken, job.invitationId);
  if (!token || hashInvitationToken(token) !== job.tokenHash) {
    log.error({ invitationId: job.invitationId }, 'team invitation token in the job cannot be opened; email not sent (invite again)');
    return { outcome: 'skipped', reason: 'unreadable-token' };
  }
  const rendered = renderTeamInvitationEmail({
    organizationName: row.organizationName,
    inviter: row.inviterName ?? row.inviterEmail,
    role: row.role,
    expiresAt: row.expiresAt,
    timeZone: getEnv().DISPLAY_TIME_ZONE,
    link: `${getEnv().APP_URL}/join/${token}`,
  });
  const sent = await sendEmail(db, {
    orgId: job.orgId,
    interviewId: null,
    kind: 'team-invitation',
    locale: 'en',
    to: row.email,
    ...rendered,
    idempotencyKey: `team-invitation/${job.invitationId}`,
  });
  log.info({ invitationId: job.invitationId, outcome: sent.outcome, transport: sent.transport }, 'team invitation email delivered');
  return { outcome: sent.outcome, providerMessageId: sent.providerMessageId };
}
