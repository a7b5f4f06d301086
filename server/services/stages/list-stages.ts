import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { stages } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { toPage, type Page } from '../pagination';
import { toStageDto } from './stage-dto';
import type { StageDto } from './stage-schemas';

/**
 * Newest campaign first, and within a campaign in pipeline order (position, then creation): a pipeline read
 * newest-first would show its stages backwards. The order is total, so pages are stable.
 */
export async function listStages(db: DbExecutor, input: { orgId: string; page: number; pageSize: number; campaignId?: string }): Promise<Page<StageDto>> {
  const filters: SQL[] = [eq(stages.orgId, input.orgId)];
  if (input.campaignId) filters.push(eq(stages.campaignId, input.campaignId));
  const where = and(...filters);
  const campaignCreatedAt = sql`(select c.created_at from campaigns c where c.id = ${stages.campaignId})`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(stages)
      .where(where)
      .orderBy(desc(campaignCreatedAt), desc(stages.campaignId), asc(stages.position), asc(stages.createdAt), asc(stages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(stages).where(where),
  ]);
  return toPage(rows.map(toStageDto), total, input.page, input.pageSize);
}
