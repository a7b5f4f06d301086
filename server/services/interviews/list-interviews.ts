import { and, eq, exists, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { candidates, INTERVIEW_STATUSES, interviewStatusCounts, interviews, reports, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { preparedQuery } from '@/db/prepared';
import { rowsOf } from '@/db/rows';
import { toPage, type Page } from '../pagination';
import { effectiveStatusSql, statusFilter } from './effective-status';
import { candidateIdsMatching, candidateSearchWhere, FEW_SEARCH_MATCHES } from '../candidates/list-candidates';
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
  /** Dashboard only: the sorted column; the default (and REST v1) is createdAt. */
  sort?: InterviewSort;
};

export const INTERVIEW_SORTS = ['createdAt', 'completedAt', 'score', 'status', 'candidate'] as const;
export type InterviewSort = (typeof INTERVIEW_SORTS)[number];

export type InterviewFilter = Pick<ListInterviewsInput, 'orgId' | 'status' | 'jobId' | 'campaignId' | 'candidateId' | 'candidateSearch'>;

/** The WHERE of the list's filters: the list and a bulk action's "all matching the filter" share it. */
export function interviewFilterWhere(db: DbExecutor, input: InterviewFilter, options: { fewSearchMatches?: boolean } = {}): SQL {
  const filters: SQL[] = [eq(interviews.orgId, input.orgId)];
  if (input.status) filters.push(statusFilter(input.status));
  if (input.jobId) filters.push(eq(interviews.jobId, input.jobId));
  if (input.campaignId) filters.push(eq(interviews.campaignId, input.campaignId));
  if (input.candidateId) filters.push(eq(interviews.candidateId, input.candidateId));
  const search = input.candidateSearch ? candidateSearchWhere(input.candidateSearch) : null;
  if (search && options.fewSearchMatches) {
    // Few interviews match: their candidates' ids once, then the (org, candidate) index (see FEW_SEARCH_MATCHES).
    filters.push(sql`${interviews.candidateId} = any(${candidateIdsMatching(input.orgId, search)})`);
  } else if (search) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(candidates)
          .where(and(eq(candidates.orgId, input.orgId), eq(candidates.id, interviews.candidateId), search)),
      ),
    );
  }
  return and(...filters)!;
}

/**
 * The ORDER BY of a sort: the column, then the id in the same direction, so that rows with equal values keep
 * one order and offset pages neither repeat nor skip a row. Empty values (no score, not completed) come last
 * in both directions. `candidate` sorts by "first last" as the table shows it.
 */
function interviewOrderBy(sort: InterviewSort, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const column: Record<InterviewSort, SQL> = {
    createdAt: sql`${interviews.createdAt}`,
    completedAt: sql`${interviews.completedAt}`,
    // The score that counts (effective-score.ts), as interviews.effective_score keeps it (triggers on reports and
    // human_reviews): an index each way.
    score: sql`${interviews.effectiveScore}`,
    status: effectiveStatusSql,
    candidate: sql`(select lower(coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, '')) from ${candidates} where ${candidates.id} = ${interviews.candidateId} and ${candidates.orgId} = ${interviews.orgId})`,
  };
  // createdAt is NOT NULL: its plain ORDER BY keeps the (org, created_at desc, id desc) index usable.
  if (sort === 'createdAt') return [sql`${interviews.createdAt} ${direction}`, sql`${interviews.id} ${direction}`];
  return [sql`${column[sort]} ${direction} nulls last`, sql`${interviews.id} ${direction}`];
}

/**
 * One page of interviews: paged first on the interviews index alone, then joined with reports for just that page
 * (in the page's order). `limit` and `offset` are numbers or placeholders (the prepared default list below).
 */
function selectPage(db: DbExecutor, where: SQL | undefined, orderBy: SQL[], limit: number | Placeholder, offset: number | Placeholder) {
  const pageIds = db.select({ id: interviews.id }).from(interviews).where(where).orderBy(...orderBy).limit(limit).offset(offset).as('page_ids');
  return db
    .select(interviewColumns)
    .from(pageIds)
    .innerJoin(interviews, eq(interviews.id, pageIds.id))
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .orderBy(...orderBy);
}

/** The unfiltered page, newest first (REST v1's default list), built once: see preparedQuery. */
const selectNewestPage = preparedQuery((db) =>
  selectPage(db, eq(interviews.orgId, sql.placeholder('orgId')), interviewOrderBy('createdAt', 'desc'), sql.placeholder('limit'), sql.placeholder('offset')).prepare(
    'select_newest_interviews_page',
  ),
);

export async function listInterviews(db: DbExecutor, input: ListInterviewsInput): Promise<Page<InterviewDto>> {
  const search = input.candidateSearch?.trim();
  const sort = input.sort ?? 'createdAt';
  const order = input.order ?? 'desc';
  if (!input.status && !input.jobId && !input.campaignId && !input.candidateId && !search && sort === 'createdAt' && order === 'desc') {
    const [rows, total] = await Promise.all([
      selectNewestPage(db).execute({ orgId: input.orgId, limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
      countByStatus(db, input.orgId, undefined),
    ]);
    return toPage(rows.map(toInterviewDto), total, input.page, input.pageSize);
  }
  const where = interviewFilterWhere(db, input);
  const orderBy = interviewOrderBy(sort, order);
  const offset = (input.page - 1) * input.pageSize;
  if (search) {
    // A search: counted first, then its page from its few matches, or by the walk (see FEW_SEARCH_MATCHES).
    const total = await db.select({ total: sql<number>`count(*)::int` }).from(interviews).where(where).then(([r]) => Number(r.total));
    const pageWhere = total <= FEW_SEARCH_MATCHES ? interviewFilterWhere(db, input, { fewSearchMatches: true }) : where;
    const rows = await selectPage(db, pageWhere, orderBy, input.pageSize, offset);
    return toPage(rows.map(toInterviewDto), total, input.page, input.pageSize);
  }
  const [rows, total] = await Promise.all([
    selectPage(db, where, orderBy, input.pageSize, offset),
    // The per-status counts table answers unfiltered totals without counting rows; other filters count.
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
