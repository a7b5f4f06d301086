import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { candidates, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '../audit/audit-actor';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { createInterview } from './create-interview';

export type CampaignInvitation = { campaignId: string; jobId: string; stageId?: string; configId?: string; expiresAt?: Date };

export type InviteToCampaignResult = { outcome: 'created'; interviewId: string } | { outcome: 'exists'; interviewId: string; reason: string };

/**
 * One invitation of a candidate to a campaign, idempotent: a candidate who already has an open interview in the
 * campaign (DRAFT, INVITED with a valid link, IN_PROGRESS), or who completed the same stage, gets nothing new and
 * the existing interview is named. A transaction-scoped advisory lock on (organization, candidate, campaign)
 * serializes two invitations of the same candidate, so two bulk runs at once still create one interview.
 * Call it inside a transaction (the lock is held until that transaction ends).
 */
export async function inviteCandidateToCampaign(
  tx: DbExecutor,
  input: { orgId: string; candidateId: string; audit?: AuditContext } & CampaignInvitation,
): Promise<InviteToCampaignResult> {
  if (!isIdOf('candidate', input.candidateId)) throw notFound('Candidate');
  const [candidate] = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.orgId, input.orgId), eq(candidates.id, input.candidateId)));
  if (!candidate) throw notFound('Candidate');
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${input.orgId}:${input.candidateId}:${input.campaignId}`}))`);
  const open = or(
    inArray(interviews.status, ['DRAFT', 'IN_PROGRESS']),
    and(eq(interviews.status, 'INVITED'), gt(interviews.expiresAt, sql`now()`)),
    input.stageId ? and(eq(interviews.status, 'COMPLETED'), eq(interviews.stageId, input.stageId)) : undefined,
  );
  const [existing] = await tx
    .select({ id: interviews.id, status: interviews.status })
    .from(interviews)
    .where(and(eq(interviews.orgId, input.orgId), eq(interviews.candidateId, input.candidateId), eq(interviews.campaignId, input.campaignId), open))
    .limit(1);
  if (existing) {
    const reason = existing.status === 'COMPLETED' ? 'Already completed this stage' : 'Already has an open interview in this campaign';
    return { outcome: 'exists', interviewId: existing.id, reason };
  }
  const created = await createInterview(tx, {
    orgId: input.orgId,
    audit: input.audit,
    candidateId: input.candidateId,
    jobId: input.jobId,
    campaignId: input.campaignId,
    stageId: input.stageId,
    configId: input.configId,
    expiresAt: input.expiresAt,
    sendInvite: true,
  });
  return { outcome: 'created', interviewId: created.id };
}
