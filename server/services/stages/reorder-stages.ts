import { and, asc, eq } from 'drizzle-orm';
import { campaigns, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toStageDto } from './stage-dto';
import type { ReorderStagesInput, StageDto } from './stage-schemas';

/**
 * Gives the campaign's stages the positions 0, 1, 2… in the order listed, in one transaction: moving a stage is
 * one request, so two stages never end up swapped halfway. The list must name exactly the campaign's stages,
 * which a concurrent create or a stale page would break (400, reload and retry).
 */
export async function reorderStages(db: DbExecutor, input: { orgId: string } & ReorderStagesInput): Promise<StageDto[]> {
  if (!isIdOf('campaign', input.campaignId)) throw notFound('Campaign');
  return db.transaction(async (tx) => {
    // The campaign row is locked so that two reorders of one pipeline run one after the other.
    const [campaign] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, input.orgId)))
      .for('update');
    if (!campaign) throw notFound('Campaign');
    const current = await tx
      .select({ id: stages.id })
      .from(stages)
      .where(and(eq(stages.orgId, input.orgId), eq(stages.campaignId, campaign.id)));
    const known = new Set(current.map((s) => s.id));
    if (input.stageIds.length !== known.size || input.stageIds.some((id) => !known.has(id))) {
      throw invalidField('stageIds', "Must list each of the campaign's stages exactly once; reload the page and try again");
    }
    const now = new Date();
    for (const [position, id] of input.stageIds.entries()) {
      await tx
        .update(stages)
        .set({ position, updatedAt: now })
        .where(and(eq(stages.id, id), eq(stages.orgId, input.orgId), eq(stages.campaignId, campaign.id)));
    }
    const rows = await tx
      .select()
      .from(stages)
      .where(and(eq(stages.orgId, input.orgId), eq(stages.campaignId, campaign.id)))
      .orderBy(asc(stages.position), asc(stages.createdAt), asc(stages.id));
    return rows.map(toStageDto);
  });
}
