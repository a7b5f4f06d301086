import type { DbExecutor } from '@/db/client';
import { createJob } from '../jobs/create-job';
import { createInterviewConfig } from '../interview-configs/create-interview-config';
import { createCampaign } from './create-campaign';
import type { SetUpJobInput } from './set-up-job-schemas';

/**
 * The "New job" wizard's one click: the job posting, its question set (saved from a template or a generated
 * draft, as the recruiter edited it) and a campaign that uses it, in one transaction: all three or none.
 */
export async function setUpJob(
  db: DbExecutor,
  input: { orgId: string; creatorId?: string | null } & SetUpJobInput,
): Promise<{ jobId: string; configId: string; campaignId: string }> {
  return db.transaction(async (tx) => {
    const job = await createJob(tx, { orgId: input.orgId, title: input.title, description: input.description });
    const config = await createInterviewConfig(tx, { orgId: input.orgId, ...input.questionSet });
    const campaign = await createCampaign(tx, { orgId: input.orgId, creatorId: input.creatorId, jobId: job.id, name: input.campaignName ?? input.title, configId: config.id });
    return { jobId: job.id, configId: config.id, campaignId: campaign.id };
  });
}
