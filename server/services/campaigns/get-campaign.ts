import { and, eq } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toCampaignDto } from './campaign-dto';
import type { CampaignDto } from './campaign-schemas';

export async function getCampaign(db: DbExecutor, input: { orgId: string; id: string }): Promise<CampaignDto> {
  if (!isIdOf('campaign', input.id)) throw notFound('Campaign');
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, input.id), eq(campaigns.orgId, input.orgId)));
  if (!row) throw notFound('Campaign');
  return toCampaignDto(row);
}
