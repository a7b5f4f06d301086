import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { candidateBrandOf } from '../branding/brand';
import { sendEmail } from '../email/send-email';
import { renderInvitationEmail, type InvitationEmailKind } from '../email/templates';
import { effectiveStatus } from '../interviews/effective-status';
import { hashInvitationToken, openInvitationToken } from './invitation-token';
import { offeredAnswerModeFor } from './offered-answer-mode';
import type { InvitationEmailJob } from './issue-invitation';
import { invitationLanguageOf, selectInvitationFacts } from './select-invitation-facts';

const JobSchema = z.object({ interviewId: z.string(), orgId: z.string(), tokenHash: z.string().length(64), sealedToken: z.string() });

export type InvitationEmailResult =
  | { outcome: 'sent' | 'already-sent'; providerMessageId: string }
  | { outcome: 'skipped'; reason: 'malformed-job' | 'not-found' | 'stale-link' | 'not-invited' | 'reminder-off' | 'reminder-already-sent' | 'unreadable-token' };

/** The ledger and Resend key of one email of one link: a resent invitation (a new link) is a new email. */
export function invitationEmailKey(kind: InvitationEmailKind, interviewId: string, tokenHash: string): string {
  return `${kind}/${interviewId}/${tokenHash.slice(0, 16)}`;
}

/**
 * The invitation and reminder email jobs. They re-read the interview and send nothing when it is no longer
 * INVITED (started, cancelled, expired) or when its link changed since the job was queued (a resend: the stale
 * link must not go out). The email is sent at most once (see sendEmail). A provider failure throws, and the
 * queue retries with backoff.
 */
export async function sendInvitationEmail(db: DbExecutor, kind: InvitationEmailKind, data: unknown): Promise<InvitationEmailResult> {
  const parsed = JobSchema.safeParse(data);
  if (!parsed.success) {
    log.error({ kind }, 'invitation email job with a malformed payload; dropped');
    return { outcome: 'skipped', reason: 'malformed-job' };
  }
  const job: InvitationEmailJob = parsed.data;
  const row = await selectInvitationFacts(db, and(eq(interviews.id, job.interviewId), eq(interviews.orgId, job.orgId))!);
  if (!row) return { outcome: 'skipped', reason: 'not-found' };
  if (row.inviteTokenHash !== job.tokenHash) return { outcome: 'skipped', reason: 'stale-link' };
  if (effectiveStatus(row) !== 'INVITED') return { outcome: 'skipped', reason: 'not-invited' };
  if (kind === 'reminder' && !row.reminderEnabled) return { outcome: 'skipped', reason: 'reminder-off' };
  if (kind === 'reminder' && row.reminderSentAt) return { outcome: 'skipped', reason: 'reminder-already-sent' };

  const token = openInvitationToken(job.sealedToken, job.interviewId);
  if (!token || hashInvitationToken(token) !== job.tokenHash) {
    // The sealing key changed (MEDIA_TOKEN_SECRET rotated) or the payload was altered: retrying cannot help.
    log.error({ kind, interviewId: job.interviewId }, 'invitation token in the job cannot be opened; email not sent (resend the invitation)');
    return { outcome: 'skipped', reason: 'unreadable-token' };
  }

  const locale = invitationLanguageOf(row).locale;
  const brand = candidateBrandOf(row);
  const rendered = renderInvitationEmail(kind, {
    locale,
    candidateFirstName: row.firstName,
    organizationName: row.organizationName,
    jobTitle: row.jobTitle,
    expiresAt: row.expiresAt,
    link: `${getEnv().APP_URL}/i/${token}`,
    questionCount: row.questions?.length ?? null,
    answerMode: await offeredAnswerModeFor(db, job.orgId),
    brand: { accentColor: brand.accentColor, logoUrl: brand.logoPath ? `${getEnv().APP_URL}${brand.logoPath}` : null },
  });
  const sent = await sendEmail(db, {
    orgId: job.orgId,
    interviewId: job.interviewId,
    kind,
    locale: locale.language,
    to: row.email,
    // Replies reach the organization's contact rather than the no-reply sender, when it has one.
    replyTo: row.contactEmail,
    ...rendered,
    idempotencyKey: invitationEmailKey(kind, job.interviewId, job.tokenHash),
  });
  if (kind === 'reminder') {
    await db
      .update(interviews)
      .set({ reminderSentAt: sql`now()` })
      .where(and(eq(interviews.id, job.interviewId), eq(interviews.orgId, job.orgId), eq(interviews.inviteTokenHash, job.tokenHash), isNull(interviews.reminderSentAt)));
  }
  log.info({ kind, interviewId: job.interviewId, outcome: sent.outcome, transport: sent.transport }, 'invitation email delivered');
  return { outcome: sent.outcome, providerMessageId: sent.providerMessageId };
}
