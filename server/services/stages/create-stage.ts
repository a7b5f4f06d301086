import { and, eq, sql } from 'drizzle-orm';
import { campaigns, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { checkConfigInOrg } from '../interview-configs/check-config-in-org';
import { toStageDto } from './stage-dto';
import type { CreateStageInput, StageDto } from './stage-schemas';

/** A stage belongs to a campaign of the same organization; any other campaignId is a 400 naming the field. */
export async function createStage(db: DbExecutor, input: { orgId: string } & CreateStageInput): Promise<StageDto> {
  const [campaign] = isIdOf('campaign', input.campaignId)
    ? await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, input.orgId)))
    : [];
  if (!campaign) throw invalidField('campaignId', 'No such campaign in this organization');
  if (input.configId) await checkConfigInOrg(db, input.orgId, input.configId);
  let position = input.position;
  if (position === undefined) {
    const [{ next }] = await db
      .select({ next: sql<number>`coalesce(max(${stages.position}) + 1, 0)::int` })
      .from(stages)
      .where(and(eq(stages.orgId, input.orgId), eq(stages.campaignId, campaign.id)));
    position = next;
  }
  const [row] = await db
    .insert(stages)
    .values({ id: newId('stage'), orgId: input.orgId, campaignId: campaign.id, name: input.name, position, generateReport: input.generateReport ?? true, configId: input.configId ?? null })
    .returning();
  return toStageDto(row);
}
