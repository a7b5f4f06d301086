import { desc, eq, sql } from 'drizzle-orm';
import { interviewConfigs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { toPage, type Page } from '../pagination';
import { toInterviewConfigDto } from './interview-config-dto';
import type { InterviewConfigDto } from './interview-config-schemas';

export async function listInterviewConfigs(db: DbExecutor, input: { orgId: string; page: number; pageSize: number }): Promise<Page<InterviewConfigDto>> {
  const where = eq(interviewConfigs.orgId, input.orgId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(interviewConfigs)
      .where(where)
      .orderBy(desc(interviewConfigs.createdAt), desc(interviewConfigs.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(interviewConfigs).where(where),
  ]);
  return toPage(rows.map(toInterviewConfigDto), total, input.page, input.pageSize);
}
