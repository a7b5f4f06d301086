import { and, eq, gt, or, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { invalidField, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { getInterview } from '../interviews/get-interview';
import type { InterviewDto } from '../interviews/interview-schemas';
import { explainRefusal } from './explain-refusal';
import { issueInvitation } from './issue-invitation';
import { expiryFor } from './send-invitation';

/**
 * A new link for an INVITED (not yet expired) or DRAFT interview, emailed again. The previous link stops working
 * in the same commit, and its queued emails see the changed link and send nothing. `expiresAt` may extend the
 * deadline; a DRAFT becomes INVITED.
 */
export async function resendInvitation(db: DbExecutor, input: { orgId: string; id: string; expiresAt?: Date; audit?: AuditContext }): Promise<InterviewDto> {
  if (!isIdOf('interview', input.id)) throw notFound('Interview');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw invalidField('expiresAt', 'Must be in the future');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(interviews)
      .set({
        status: 'INVITED',
        invitedAt: sql`coalesce(${interviews.invitedAt}, now())`,
        expiresAt: expiryFor(input.expiresAt),
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(interviews.id, input.id),
          eq(interviews.orgId, input.orgId),
          // An INVITED interview past its expiry is EXPIRED (final), even before the sweep has persisted it.
          or(eq(interviews.status, 'DRAFT'), and(eq(interviews.status, 'INVITED'), gt(interviews.expiresAt, sql`now()`))),
        ),
      )
      .returning({ id: interviews.id });
    if (!row) throw await explainRefusal(tx, input, 'resend the invitation of');
    await issueInvitation(tx, { orgId: input.orgId, interviewId: input.id });
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'interview.invitation_resent', targetType: 'interview', targetId: input.id });
  });
  return getInterview(db, input);
}
