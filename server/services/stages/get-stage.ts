import { and, eq } from 'drizzle-orm';
import { stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { toStageDto } from './stage-dto';
import type { StageDto } from './stage-schemas';

export async function getStage(db: DbExecutor, input: { orgId: string; id: string }): Promise<StageDto> {
  if (!isIdOf('stage', input.id)) throw notFound('Stage');
  const [row] = await db
    .select()
    .from(stages)
    .where(and(eq(stages.id, input.id), eq(stages.orgId, input.orgId)));
  if (!row) throw notFound('Stage');
  return toStageDto(row);
}
