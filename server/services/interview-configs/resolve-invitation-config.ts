import { and, eq } from 'drizzle-orm';
import { campaigns, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/**
 * The question set an invitation uses: the one it names, else its stage's, else its campaign's, else none (the
 * default questions, as before question sets belonged to campaigns). The caller has checked that the stage and
 * campaign are the organization's; the rows are read again scoped to it all the same.
 */
export async function resolveInvitationConfig(
  db: DbExecutor,
  input: { orgId: string; configId?: string | null; stageId?: string | null; campaignId?: string | null },
): Promise<string | null> {
  if (input.configId) return input.configId;
  if (input.stageId) {
    const [stage] = await db.select({ configId: stages.configId }).from(stages).where(and(eq(stages.id, input.stageId), eq(stages.orgId, input.orgId)));
    if (stage?.configId) return stage.configId;
  }
  if (input.campaignId) {
    const [campaign] = await db.select({ configId: campaigns.configId }).from(campaigns).where(and(eq(campaigns.id, input.campaignId), eq(campaigns.orgId, input.orgId)));
    if (campaign?.configId) return campaign.configId;
  }
  return null;
}
