import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { interviews, reports, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { toPage, type Page } from '../pagination';
import { statusFilter } from './effective-status';
import { interviewColumns, toInterviewDto } from './interview-dto';
import type { InterviewDto } from './interview-schemas';

export type ListInterviewsInput = {
  orgId: string;
  page: number;
  pageSize: number;
  status?: InterviewStatus;
  jobId?: string;
  campaignId?: string;
  candidateId?: string;
};

export async function listInterviews(db: DbExecutor, input: ListInterviewsInput): Promise<Page<InterviewDto>> {
  const filters: SQL[] = [eq(interviews.orgId, input.orgId)];
  if (input.status) filters.push(statusFilter(input.status));
  if (input.jobId) filters.push(eq(interviews.jobId, input.jobId));
  if (input.campaignId) filters.push(eq(interviews.campaignId, input.campaignId));
  if (input.candidateId) filters.push(eq(interviews.candidateId, input.candidateId));
  const where = and(...filters);
  // Page first on the interviews index alone, then join reports for just that page.
  const pageIds = db
    .select({ id: interviews.id })
    .from(interviews)
    .where(where)
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .as('page_ids');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(interviewColumns)
      .from(pageIds)
      .innerJoin(interviews, eq(interviews.id, pageIds.id))
      .leftJoin(reports, eq(reports.interviewId, interviews.id))
      .orderBy(desc(interviews.createdAt), desc(interviews.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(interviews).where(where),
  ]);
  return toPage(rows.map(toInterviewDto), total, input.page, input.pageSize);
}
