import { and, eq } from 'drizzle-orm';
import { stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { checkConfigInOrg } from '../interview-configs/check-config-in-org';
import { toStageDto } from './stage-dto';
import type { StageDto, UpdateStageInput } from './stage-schemas';

export async function updateStage(db: DbExecutor, input: { orgId: string } & UpdateStageInput): Promise<StageDto> {
  if (!isIdOf('stage', input.id)) throw notFound('Stage');
  if (input.configId) await checkConfigInOrg(db, input.orgId, input.configId);
  const [row] = await db
    .update(stages)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(input.generateReport !== undefined ? { generateReport: input.generateReport } : {}),
      ...(input.configId !== undefined ? { configId: input.configId } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(stages.id, input.id), eq(stages.orgId, input.orgId)))
    .returning();
  if (!row) throw notFound('Stage');
  return toStageDto(row);
}
