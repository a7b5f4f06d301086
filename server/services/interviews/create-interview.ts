import { and, eq } from 'drizzle-orm';
import { campaigns, candidates, interviewConfigs, interviews, jobs, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { issueInvitation } from '../invitations/issue-invitation';
import { getInterview } from './get-interview';
import type { CreateInterviewInput, InterviewDto } from './interview-schemas';

export const DEFAULT_INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Creates an interview after checking that every referenced record exists in the organization and that they
 * belong together (campaign for the job, stage in the campaign). With sendInvite it starts INVITED and its
 * invitation (link token and email job) is issued in the same transaction: a create that rolls back leaves no
 * job, and a committed one always has its email queued (the transactional outbox).
 */
export async function createInterview(db: DbExecutor, input: { orgId: string } & CreateInterviewInput): Promise<InterviewDto> {
  const now = new Date();
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + DEFAULT_INVITATION_LIFETIME_MS);
  if (expiresAt.getTime() <= now.getTime()) throw invalidField('expiresAt', 'Must be in the future');
  await checkReferences(db, input);
  const id = newId('interview');
  await db.transaction(async (tx) => {
    await tx.insert(interviews).values({
      id,
      orgId: input.orgId,
      candidateId: input.candidateId,
      jobId: input.jobId,
      campaignId: input.campaignId ?? null,
      stageId: input.stageId ?? null,
      configId: input.configId ?? null,
      status: input.sendInvite ? 'INVITED' : 'DRAFT',
      invitedAt: input.sendInvite ? now : null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    if (input.sendInvite) await issueInvitation(tx, { orgId: input.orgId, interviewId: id });
  });
  return getInterview(db, { orgId: input.orgId, id });
}

async function checkReferences(db: DbExecutor, input: { orgId: string } & CreateInterviewInput): Promise<void> {
  const { orgId } = input;
  const exists = async (found: Promise<unknown[]>) => (await found).length > 0;
  if (!isIdOf('candidate', input.candidateId) || !(await exists(db.select({ id: candidates.id }).from(candidates).where(and(eq(candidates.id, input.candidateId), eq(candidates.orgId, orgId)))))) {
    throw invalidField('candidateId', 'No such candidate in this organization');
  }
  if (!isIdOf('job', input.jobId) || !(await exists(db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, input.jobId), eq(jobs.orgId, orgId)))))) {
    throw invalidField('jobId', 'No such job posting in this organization');
  }
  if (input.campaignId !== undefined) {
    const [campaign] = isIdOf('campaign', input.campaignId)
      ? await db.select({ jobId: campaigns.jobId }).from(campaigns).where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, orgId)))
      : [];
    if (!campaign) throw invalidField('campaignId', 'No such campaign in this organization');
    if (campaign.jobId !== input.jobId) throw invalidField('campaignId', 'This campaign is for another job posting');
  }
  if (input.stageId !== undefined) {
    if (input.campaignId === undefined) throw invalidField('stageId', 'A stage needs its campaignId');
    const [stage] = isIdOf('stage', input.stageId)
      ? await db.select({ campaignId: stages.campaignId }).from(stages).where(and(eq(stages.id, input.stageId), eq(stages.orgId, orgId)))
      : [];
    if (!stage) throw invalidField('stageId', 'No such stage in this organization');
    if (stage.campaignId !== input.campaignId) throw invalidField('stageId', 'This stage belongs to another campaign');
  }
  if (input.configId !== undefined) {
    if (!isIdOf('config', input.configId) || !(await exists(db.select({ id: interviewConfigs.id }).from(interviewConfigs).where(and(eq(interviewConfigs.id, input.configId), eq(interviewConfigs.orgId, orgId)))))) {
      throw invalidField('configId', 'No such interview configuration in this organization');
    }
  }
}
