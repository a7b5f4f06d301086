import { and, asc, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { candidates, interviews, reports, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
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
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(interviewColumns)
      .from(pageIds)
      .innerJoin(interviews, eq(interviews.id, pageIds.id))
      .leftJoin(reports, eq(reports.interviewId, interviews.id))
      .orderBy(direction(interviews.createdAt), direction(interviews.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(interviews).where(where),
  ]);
  return toPage(rows.map(toInterviewDto), total, input.page, input.pageSize);
}
