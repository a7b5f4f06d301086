import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { candidates, INTERVIEW_STATUSES, interviewStatusCounts, interviews, reports, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { likeContains, toPage, type Page } from '../pagination';
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
  /** Dashboard only: case-insensitive substring of the candidate's first name, last name, "first last" or email. */
  candidateSearch?: string;
  /** Dashboard only: `asc` lists oldest first; the default (and REST v1) is newest first. */
  order?: 'asc' | 'desc';
};

export async function listInterviews(db: DbExecutor, input: ListInterviewsInput): Promise<Page<InterviewDto>> {
  const filters: SQL[] = [eq(interviews.orgId, input.orgId)];
  if (input.status) filters.push(statusFilter(input.status));
  if (input.jobId) filters.push(eq(interviews.jobId, input.jobId));
  if (input.campaignId) filters.push(eq(interviews.campaignId, input.campaignId));
  if (input.candidateId) filters.push(eq(interviews.candidateId, input.candidateId));
  const search = input.candidateSearch?.trim();
  if (search) {
    const pattern = likeContains(search);
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(candidates)
          .where(
            and(
              eq(candidates.orgId, input.orgId),
              eq(candidates.id, interviews.candidateId),
              or(
                ilike(candidates.email, pattern),
                ilike(candidates.firstName, pattern),
                ilike(candidates.lastName, pattern),
                ilike(sql`coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, '')`, pattern),
              ),
            ),
          ),
      ),
    );
  }
  const where = and(...filters);
  const direction = input.order === 'asc' ? asc : desc;
  // Page first on the interviews index alone, then join reports for just that page.
  const pageIds = db
    .select({ id: interviews.id })
    .from(interviews)
    .where(where)
    .orderBy(direction(interviews.createdAt), direction(interviews.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
    .as('page_ids');
  const [rows, total] = await Promise.all([
    db
      .select(interviewColumns)
      .from(pageIds)
      .innerJoin(interviews, eq(interviews.id, pageIds.id))
      .leftJoin(reports, eq(reports.interviewId, interviews.id))
      .orderBy(direction(interviews.createdAt), direction(interviews.id)),
    // The per-status counts table answers unfiltered totals without counting rows; other filters count.
    input.jobId || input.campaignId || input.candidateId || search
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
