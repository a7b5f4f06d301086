import { and, eq } from 'drizzle-orm';
import { campaigns, candidates, interviewConfigs, interviews, jobs, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { invalidField } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { issueInvitation } from '../invitations/issue-invitation';
import { resolveInvitationConfig } from '../interview-configs/resolve-invitation-config';
import { emitEvent } from '../webhooks/emit-event';
import { watchByDefault } from '../notifications/watchers';
import { getInterview } from './get-interview';
import type { CreateInterviewInput, InterviewDto } from './interview-schemas';

export const DEFAULT_INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** The longest an invitation link may stay open: a link that never expires is a standing credential. */
export const MAX_INVITATION_LIFETIME_DAYS = 90;
const MAX_INVITATION_LIFETIME_MS = MAX_INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/**
 * Creates an interview after checking that every referenced record exists in the organization and that they
 * belong together (campaign for the job, stage in the campaign). With sendInvite it starts INVITED and its
 * invitation (link token and email job) is issued in the same transaction: a create that rolls back leaves no
 * job, and a committed one always has its email queued (the transactional outbox).
 */
export async function createInterview(db: DbExecutor, input: { orgId: string; audit?: AuditContext; isDemo?: boolean } & CreateInterviewInput): Promise<InterviewDto> {
  const now = new Date();
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + DEFAULT_INVITATION_LIFETIME_MS);
  if (expiresAt.getTime() <= now.getTime()) throw invalidField('expiresAt', 'Must be in the future');
  if (expiresAt.getTime() > now.getTime() + MAX_INVITATION_LIFETIME_MS) {
    throw invalidField('expiresAt', `Must be at most ${MAX_INVITATION_LIFETIME_DAYS} days from now`);
  }
  await checkReferences(db, input);
  // Explicit configId → the stage's question set → the campaign's → none (the default questions).
  const configId = await resolveInvitationConfig(db, input);
  const id = newId('interview');
  await db.transaction(async (tx) => {
    await tx.insert(interviews).values({
      id,
      orgId: input.orgId,
      candidateId: input.candidateId,
      jobId: input.jobId,
      campaignId: input.campaignId ?? null,
      stageId: input.stageId ?? null,
      configId,
      status: input.sendInvite ? 'INVITED' : 'DRAFT',
      invitedAt: input.sendInvite ? now : null,
      expiresAt,
      isDemo: input.isDemo ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await emitEvent(tx, { orgId: input.orgId, type: 'interview.created', data: await getInterview(tx, { orgId: input.orgId, id }) });
    if (input.sendInvite) await issueInvitation(tx, { orgId: input.orgId, interviewId: id });
    // Whoever creates it follows it (an API key is nobody to notify).
    const creator = input.audit?.actor.type === 'user' ? input.audit.actor.id : null;
    await watchByDefault(tx, { orgId: input.orgId, userId: creator, targetType: 'interview', targetId: id });
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'interview.created', targetType: 'interview', targetId: id, details: { candidateId: input.candidateId, status: input.sendInvite ? 'INVITED' : 'DRAFT' } });
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
