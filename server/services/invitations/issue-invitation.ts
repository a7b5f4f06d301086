import { and, eq, sql } from 'drizzle-orm';
import { interviews, invitationLinks, organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { notFound } from '@/server/errors';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { getInterview } from '../interviews/get-interview';
import { emitEvent } from '../webhooks/emit-event';
import { newInvitationToken, sealInvitationToken } from './invitation-token';

/**
 * The payload of the invitation and reminder email jobs. `tokenHash` names the link the job was queued for: when
 * the interview's current hash differs (a resend happened since), the job is stale and sends nothing.
 */
export type InvitationEmailJob = {
  interviewId: string;
  orgId: string;
  tokenHash: string;
  /** The link's token, sealed for this interview (see invitation-token.ts). Never logged. */
  sealedToken: string;
};

/**
 * Gives the interview a new invitation link and queues its email (and its expiry reminder), inside the caller's
 * transaction: the new hash and the jobs commit together or not at all, and the previous link stops working in
 * that same commit. The caller sets the status (INVITED) and checks it was allowed, before: the interview.invited
 * event carries the interview as it is now.
 */
export async function issueInvitation(tx: DbExecutor, input: { orgId: string; interviewId: string }): Promise<{ tokenHash: string }> {
  const { token, hash } = newInvitationToken();
  const [row] = await tx
    .update(interviews)
    // A new link gets its own reminder, so the marker of the previous one is cleared.
    .set({ inviteTokenHash: hash, reminderSentAt: null, updatedAt: sql`now()` })
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)))
    .returning({ expiresAt: interviews.expiresAt, reminderEnabled: interviews.reminderEnabled });
  if (!row) throw notFound('Interview');

  const job: InvitationEmailJob = {
    interviewId: input.interviewId,
    orgId: input.orgId,
    tokenHash: hash,
    sealedToken: sealInvitationToken(token, input.interviewId),
  };
  await enqueueJob(tx, QUEUES.invitationEmail, job);
  // The same sealed token, kept for "Copy invitation link" on the campaign page (see invitation-links.ts).
  await tx
    .insert(invitationLinks)
    .values({ interviewId: input.interviewId, orgId: input.orgId, tokenHash: hash, sealedToken: job.sealedToken })
    .onConflictDoUpdate({ target: invitationLinks.interviewId, set: { tokenHash: hash, sealedToken: job.sealedToken, createdAt: sql`now()` } });

  // The organization's reminder settings (Settings → Candidate emails): off, or its own delay before expiry.
  const [org] = await tx
    .select({ enabled: organizations.remindersEnabled, hours: organizations.reminderHoursBeforeExpiry })
    .from(organizations)
    .where(eq(organizations.id, input.orgId));
  const remindAt = org?.enabled === false ? null : reminderTime(row.expiresAt, new Date(), org?.hours ?? undefined);
  if (row.reminderEnabled && remindAt) {
    await enqueueJob(tx, QUEUES.reminderEmail, job, { startAfter: remindAt });
  }
  // Every link issued (create with sendInvite, send, resend) is an invitation sent: its webhook commits with it.
  await emitEvent(tx, { orgId: input.orgId, type: 'interview.invited', data: await getInterview(tx, { orgId: input.orgId, id: input.interviewId }) });
  return { tokenHash: hash };
}

/**
 * REMINDER_HOURS_BEFORE_EXPIRY before expiry, or null when that moment has already passed (a link that expires
 * within the window needs no reminder on top of its invitation) or reminders are off (0).
 */
export function reminderTime(expiresAt: Date, now = new Date(), hoursBeforeExpiry?: number): Date | null {
  const hours = hoursBeforeExpiry ?? getEnv().REMINDER_HOURS_BEFORE_EXPIRY;
  if (hours <= 0) return null;
  const at = new Date(expiresAt.getTime() - hours * 3600_000);
  return at.getTime() > now.getTime() ? at : null;
}
