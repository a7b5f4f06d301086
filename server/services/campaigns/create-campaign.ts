import { and, eq } from 'drizzle-orm';
import { campaigns, jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { checkConfigInOrg } from '../interview-configs/check-config-in-org';
import { watchByDefault } from '../notifications/watchers';
import { toCampaignDto } from './campaign-dto';
import type { CampaignDto, CreateCampaignInput } from './campaign-schemas';

/**
 * A campaign hires for one job posting of the same organization; any other jobId is a 400 naming the field. The
 * user who creates it (`creatorId`, null for an API key) watches it.
 */
export async function createCampaign(db: DbExecutor, input: { orgId: string; creatorId?: string | null } & CreateCampaignInput): Promise<CampaignDto> {
  const [job] = isIdOf('job', input.jobId)
    ? await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.id, input.jobId), eq(jobs.orgId, input.orgId)))
    : [];
  if (!job) throw invalidField('jobId', 'No such job posting in this organization');
  if (input.configId) await checkConfigInOrg(db, input.orgId, input.configId);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(campaigns).values({ id: newId('campaign'), orgId: input.orgId, jobId: job.id, name: input.name, configId: input.configId ?? null }).returning();
    await watchByDefault(tx, { orgId: input.orgId, userId: input.creatorId, targetType: 'campaign', targetId: created.id });
    return created;
  });
  return toCampaignDto(row);
}
