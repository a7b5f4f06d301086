import { and, asc, desc, eq } from 'drizzle-orm';
import { campaigns, interviewConfigs, jobs, organizations, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { randomBase62 } from '@/server/ids';
import { createCandidate } from '@/server/services/candidates/create-candidate';
import { createInterview } from '@/server/services/interviews/create-interview';
import type { InterviewDto } from '@/server/services/interviews/interview-schemas';

/** The organization `npm run admin -- demo:seed` creates. */
export const DEMO_ORG_NAME = 'Acme Recruiting (demo)';

const FIRST_NAMES = ['Camille', 'Lucas', 'Inès', 'Hugo', 'Léa', 'Noah', 'Chloé', 'Adam'];

/**
 * A fresh candidate and a DRAFT interview (no invitation email) in the organization, on its most recent job,
 * with that job's most recent campaign, the campaign's first stage and the organization's most recent
 * configuration when they exist: something for the simulated agent to conduct.
 */
export async function createSimulationInterview(db: DbExecutor, input: { orgId: string }): Promise<InterviewDto> {
  const { orgId } = input;
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.orgId, orgId)).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(1);
  if (!job) throw new AppError('VALIDATION_ERROR', 'The organization has no job posting to interview for: create one first');
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.orgId, orgId), eq(campaigns.jobId, job.id)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(1);
  const [stage] = campaign
    ? await db
        .select({ id: stages.id })
        .from(stages)
        .where(and(eq(stages.orgId, orgId), eq(stages.campaignId, campaign.id)))
        .orderBy(asc(stages.position), asc(stages.createdAt))
        .limit(1)
    : [];
  const [config] = await db
    .select({ id: interviewConfigs.id })
    .from(interviewConfigs)
    .where(eq(interviewConfigs.orgId, orgId))
    .orderBy(desc(interviewConfigs.createdAt), desc(interviewConfigs.id))
    .limit(1);
  const suffix = randomBase62(8).toLowerCase();
  const candidate = await createCandidate(db, {
    orgId,
    email: `simulated.${suffix}@example.com`,
    firstName: FIRST_NAMES[suffix.charCodeAt(0) % FIRST_NAMES.length],
    lastName: 'Simulated',
    locale: 'fr',
    tags: ['simulated'],
    source: 'agent:simulate',
  });
  return createInterview(db, {
    orgId,
    candidateId: candidate.id,
    jobId: job.id,
    campaignId: campaign?.id,
    stageId: stage?.id,
    configId: config?.id,
    sendInvite: false,
  });
}

/** The demo organization's id, or a clear error telling how to create it. */
export async function findDemoOrgId(db: DbExecutor): Promise<string> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, DEMO_ORG_NAME))
    .orderBy(asc(organizations.createdAt))
    .limit(1);
  if (!org) throw new AppError('NOT_FOUND', `No organization named "${DEMO_ORG_NAME}": run \`npm run admin -- demo:seed\` first, or pass --interview <id>`);
  return org.id;
}
