import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { campaigns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { toPage, type Page } from '../pagination';
import { toCampaignDto } from './campaign-dto';
import type { CampaignDto } from './campaign-schemas';

export async function listCampaigns(db: DbExecutor, input: { orgId: string; page: number; pageSize: number; jobId?: string }): Promise<Page<CampaignDto>> {
  const filters: SQL[] = [eq(campaigns.orgId, input.orgId)];
  if (input.jobId) filters.push(eq(campaigns.jobId, input.jobId));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(campaigns).where(where),
  ]);
  return toPage(rows.map(toCampaignDto), total, input.page, input.pageSize);
}
