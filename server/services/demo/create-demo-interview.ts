import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { campaigns, candidates, interviewConfigs, interviews, jobs, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { newId, randomBase62 } from '@/server/ids';
import { createInterviewConfig } from '../interview-configs/create-interview-config';
import { createInterview } from '../interviews/create-interview';
import type { InterviewDto } from '../interviews/interview-schemas';
import { createJob } from '../jobs/create-job';
import { createStage } from '../stages/create-stage';

export const DEMO_JOB_TITLE = 'Sample job (demo)';
export const DEMO_CAMPAIGN_NAME = 'Demo interviews';
export const DEMO_CANDIDATE_NAME = { firstName: 'Sample', lastName: 'Candidate (demo)' };

/**
 * The recruiter's "Run a demo interview": a new sample candidate and a DRAFT interview in the organization's
 * sample campaign (created the first time, with a sample job and stage), with the organization's most recent
 * interview configuration (its own questions), else a sample one. Everything is flagged `isDemo`: no real
 * candidate's interview or link is ever touched, and the interview is left out of rankings, averages, analytics,
 * exports and webhooks. The interview comes back already claimed for the simulated agent (agentDispatchedAt).
 */
export async function createDemoInterview(db: DbExecutor, input: { orgId: string; audit?: AuditContext }): Promise<InterviewDto> {
  const { orgId } = input;
  const campaign = await ensureDemoCampaign(db, orgId);
  const configId = await demoConfigId(db, orgId);
  const [config] = await db.select({ locale: interviewConfigs.locale }).from(interviewConfigs).where(and(eq(interviewConfigs.id, configId), eq(interviewConfigs.orgId, orgId)));
  const candidateId = newId('candidate');
  await db.insert(candidates).values({
    id: candidateId,
    orgId,
    email: `demo.${randomBase62(10).toLowerCase()}@example.com`,
    ...DEMO_CANDIDATE_NAME,
    locale: config?.locale ?? 'en',
    tags: ['demo'],
    source: 'demo',
    isDemo: true,
  });
  const created = await createInterview(db, { orgId, audit: input.audit, candidateId, jobId: campaign.jobId, campaignId: campaign.id, stageId: campaign.stageId, configId, sendInvite: false, isDemo: true });
  await db.update(interviews).set({ agentDispatchedAt: sql`now()` }).where(and(eq(interviews.id, created.id), eq(interviews.orgId, orgId)));
  return created;
}

async function ensureDemoCampaign(db: DbExecutor, orgId: string): Promise<{ id: string; jobId: string; stageId: string }> {
  const existing = await findDemoCampaign(db, orgId);
  if (existing) return existing;
  await db.transaction(async (tx) => {
    const job = await createJob(tx, { orgId, title: DEMO_JOB_TITLE, description: 'A sample job for demo interviews: nothing here is a real candidate.' });
    const [campaign] = await tx
      .insert(campaigns)
      .values({ id: newId('campaign'), orgId, jobId: job.id, name: DEMO_CAMPAIGN_NAME, isDemo: true })
      .onConflictDoNothing()
      .returning({ id: campaigns.id });
    if (campaign) await createStage(tx, { orgId, campaignId: campaign.id, name: 'Demo screening', position: 0, generateReport: true });
  });
  const created = await findDemoCampaign(db, orgId);
  if (!created) throw new Error('The demo campaign could not be created');
  return created;
}

async function findDemoCampaign(db: DbExecutor, orgId: string) {
  const [row] = await db
    .select({ id: campaigns.id, jobId: campaigns.jobId, stageId: stages.id })
    .from(campaigns)
    .innerJoin(stages, and(eq(stages.campaignId, campaigns.id), eq(stages.orgId, campaigns.orgId)))
    .where(and(eq(campaigns.orgId, orgId), eq(campaigns.isDemo, true)))
    .orderBy(asc(stages.position))
    .limit(1);
  return row;
}

async function demoConfigId(db: DbExecutor, orgId: string): Promise<string> {
  const [latest] = await db
    .select({ id: interviewConfigs.id })
    .from(interviewConfigs)
    .where(eq(interviewConfigs.orgId, orgId))
    .orderBy(desc(interviewConfigs.createdAt), desc(interviewConfigs.id))
    .limit(1);
  if (latest) return latest.id;
  const config = await createInterviewConfig(db, {
    orgId,
    name: 'Sample questions (demo)',
    locale: 'en',
    generateReport: true,
    criteria: [
      { key: 'communication', label: 'Communication', weight: 1 },
      { key: 'motivation', label: 'Motivation', weight: 1 },
    ],
    questions: [
      { id: 'q1', text: 'Tell us about yourself and what draws you to this role.', criterion: 'motivation' },
      { id: 'q2', text: 'Describe a time you explained something complex to someone new to it.', criterion: 'communication' },
    ],
  });
  return config.id;
}
