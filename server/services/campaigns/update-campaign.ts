import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { checkConfigInOrg } from '../interview-configs/check-config-in-org';
import { toCampaignDto } from './campaign-dto';
import type { CampaignDto, UpdateCampaignInput } from './campaign-schemas';

export async function updateCampaign(db: DbExecutor, input: { orgId: string } & UpdateCampaignInput): Promise<CampaignDto> {
  if (!isIdOf('campaign', input.id)) throw notFound('Campaign');
  if (input.configId) await checkConfigInOrg(db, input.orgId, input.configId);
  const [row] = await db
    .update(campaigns)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.configId !== undefined ? { configId: input.configId } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(campaigns.id, input.id), eq(campaigns.orgId, input.orgId)))
    .returning();
  if (!row) throw notFound('Campaign');
  return toCampaignDto(row);
}
