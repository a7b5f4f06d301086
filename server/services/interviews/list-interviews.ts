import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { INTERVIEW_STATUSES, interviewStatusCounts, interviews, reports, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { rowsOf } from '@/db/rows';
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
  const [rows, total] = await Promise.all([
    db
      .select(interviewColumns)
      .from(pageIds)
      .innerJoin(interviews, eq(interviews.id, pageIds.id))
      .leftJoin(reports, eq(reports.interviewId, interviews.id))
      .orderBy(desc(interviews.createdAt), desc(interviews.id)),
    input.jobId || input.campaignId || input.candidateId
      ? db.select({ total: sql<number>`count(*)::int` }).from(interviews).where(where).then(([r]) => r.total)
      : countByStatus(db, input.orgId, input.status),
  ]);
  return toPage(rows.map(toInterviewDto), total, input.page, input.pageSize);
}

/**
 * The organization's total, or its total in one status as readers see it, from the trigger-maintained
 * interview_status_counts: one or two small reads instead of counting every matching row (100,000 rows cost
 * ~4 ms of database CPU per request). INVITED interviews past expiresAt count as EXPIRED, as everywhere; there
 * are few of them, since the sweep persists EXPIRED every minute.
 */
async function countByStatus(db: DbExecutor, orgId: string, status: InterviewStatus | undefined): Promise<number> {
  const statuses = status === undefined ? [...INTERVIEW_STATUSES] : [status];
  const stored = sql`(select coalesce(sum(${interviewStatusCounts.count}), 0) from ${interviewStatusCounts}
    where ${interviewStatusCounts.orgId} = ${orgId} and ${inArray(interviewStatusCounts.status, statuses)})`;
  const lapsed = sql`(select count(*) from ${interviews} where ${interviews.orgId} = ${orgId}
    and ${interviews.status} = 'INVITED' and ${interviews.expiresAt} <= now())`;
  // One statement, so the stored counts and the lapsed invitations come from the same snapshot (a sweep
  // between two reads would move rows from one to the other).
  const total =
    status === 'EXPIRED' ? sql`${stored} + ${lapsed}` : status === 'INVITED' ? sql`${stored} - ${lapsed}` : stored;
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select (${total})::int as n`));
  return Number(row.n);
}
