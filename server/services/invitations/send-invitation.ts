import { and, eq, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { invalidField, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { DEFAULT_INVITATION_LIFETIME_MS } from '../interviews/create-interview';
import { getInterview } from '../interviews/get-interview';
import type { InterviewDto } from '../interviews/interview-schemas';
import { explainRefusal } from './explain-refusal';
import { issueInvitation } from './issue-invitation';

/**
 * DRAFT → INVITED: issues the link and queues the email in one transaction. The link expires at `expiresAt` when
 * given, else at the draft's own expiry if still ahead, else the default lifetime from now.
 */
export async function sendInvitation(db: DbExecutor, input: { orgId: string; id: string; expiresAt?: Date; audit?: AuditContext }): Promise<InterviewDto> {
  if (!isIdOf('interview', input.id)) throw notFound('Interview');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw invalidField('expiresAt', 'Must be in the future');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(interviews)
      .set({ status: 'INVITED', invitedAt: sql`now()`, expiresAt: expiryFor(input.expiresAt), updatedAt: sql`now()` })
      .where(and(eq(interviews.id, input.id), eq(interviews.orgId, input.orgId), eq(interviews.status, 'DRAFT')))
      .returning({ id: interviews.id });
    if (!row) throw await explainRefusal(tx, input, 'send the invitation of');
    await issueInvitation(tx, { orgId: input.orgId, interviewId: input.id });
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'interview.invitation_sent', targetType: 'interview', targetId: input.id });
  });
  return getInterview(db, input);
}

/** The new expiry: the one given, or the stored one while it is ahead, or the default lifetime from now. */
export function expiryFor(given: Date | undefined) {
  if (given) return given;
  const seconds = DEFAULT_INVITATION_LIFETIME_MS / 1000;
  return sql`case when ${interviews.expiresAt} > now() then ${interviews.expiresAt} else now() + make_interval(secs => ${seconds}) end`;
}
