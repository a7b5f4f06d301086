import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { likeContains, toPage, type Page } from '../pagination';
import { toJobDto } from './job-dto';
import type { JobDto } from './job-schemas';

export async function listJobs(db: DbExecutor, input: { orgId: string; page: number; pageSize: number; search?: string }): Promise<Page<JobDto>> {
  const filters: SQL[] = [eq(jobs.orgId, input.orgId)];
  const search = input.search?.trim();
  if (search) filters.push(ilike(jobs.title, likeContains(search)));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return toPage(rows.map(toJobDto), total, input.page, input.pageSize);
}
