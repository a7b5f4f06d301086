import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toCampaignDto } from './campaign-dto';
import type { CampaignDto, UpdateCampaignInput } from './campaign-schemas';

export async function updateCampaign(db: DbExecutor, input: { orgId: string } & UpdateCampaignInput): Promise<CampaignDto> {
  if (!isIdOf('campaign', input.id)) throw notFound('Campaign');
  const [row] = await db
    .update(campaigns)
    .set({ name: input.name, updatedAt: new Date() })
    .where(and(eq(campaigns.id, input.id), eq(campaigns.orgId, input.orgId)))
    .returning();
  if (!row) throw notFound('Campaign');
  return toCampaignDto(row);
}
