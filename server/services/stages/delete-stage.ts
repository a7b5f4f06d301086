import { and, asc, eq, sql } from 'drizzle-orm';
import { interviews, stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';

/**
 * Deletes a stage no interview uses, and closes the gap in its campaign's positions (0, 1, 2…). A stage that an
 * interview uses stays: deleting it would rewrite where those interviews stand, so the answer is a 409 saying how
 * many interviews hold it. The stage row is locked first, so an interview created meanwhile is counted or waits.
 */
export async function deleteStage(db: DbExecutor, input: { orgId: string; id: string }): Promise<{ id: string; deleted: true }> {
  if (!isIdOf('stage', input.id)) throw notFound('Stage');
  return db.transaction(async (tx) => {
    const [stage] = await tx
      .select({ id: stages.id, campaignId: stages.campaignId, name: stages.name })
      .from(stages)
      .where(and(eq(stages.id, input.id), eq(stages.orgId, input.orgId)))
      .for('update');
    if (!stage) throw notFound('Stage');
    const [{ used }] = await tx
      .select({ used: sql<number>`count(*)::int` })
      .from(interviews)
      .where(and(eq(interviews.orgId, input.orgId), eq(interviews.stageId, stage.id)));
    if (used > 0) {
      throw new AppError(
        'CONFLICT',
        `“${stage.name}” cannot be deleted: ${used} ${used === 1 ? 'interview uses' : 'interviews use'} this stage. Move or cancel them first, or keep the stage.`,
      );
    }
    await tx.delete(stages).where(and(eq(stages.id, stage.id), eq(stages.orgId, input.orgId)));
    const rest = await tx
      .select({ id: stages.id })
      .from(stages)
      .where(and(eq(stages.orgId, input.orgId), eq(stages.campaignId, stage.campaignId)))
      .orderBy(asc(stages.position), asc(stages.id));
    for (const [position, row] of rest.entries()) {
      await tx.update(stages).set({ position }).where(and(eq(stages.id, row.id), eq(stages.orgId, input.orgId)));
    }
    return { id: stage.id, deleted: true as const };
  });
}
