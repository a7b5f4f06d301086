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
 * in both directions. `candidate` sorts by "first last" as the table shows it, interviews of erased candidates last
 * (listCandidateSortedIds).
 */
function interviewOrderBy(sort: InterviewSort, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const column: Record<Exclude<InterviewSort, 'candidate'>, SQL> = {
    createdAt: sql`${interviews.createdAt}`,
    completedAt: sql`${interviews.completedAt}`,
    // The score that counts (effective-score.ts), as interviews.effective_score keeps it (triggers on reports and
    // human_reviews): an index each way.
    score: sql`${interviews.effectiveScore}`,
    status: effectiveStatusSql,
  };
  // createdAt is NOT NULL: its plain ORDER BY keeps the (org, created_at desc, id desc) index usable.
  if (sort === 'createdAt') return [sql`${interviews.createdAt} ${direction}`, sql`${interviews.id} ${direction}`];
  // The candidate's "first last" is never null where the candidate exists: no NULLS LAST, so that a backward scan of
  // candidates_org_name_idx gives the descending order (listCandidateSortedIds).
  if (sort === 'candidate') return [sql`${candidateSortName} ${direction}`, sql`${interviews.id} ${direction}`];
  return [sql`${column[sort]} ${direction} nulls last`, sql`${interviews.id} ${direction}`];
}

/** The candidate's name as the table shows it, lower-cased: the expression candidates_org_name_idx indexes. */
const candidateSortName = sql`lower(coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, ''))`;

/** An interview whose candidate was erased (the row is deleted, the interview stays, anonymous). */
const candidateErased = sql`not exists (select 1 from ${candidates} where ${candidates.id} = ${interviews.candidateId} and ${candidates.orgId} = ${interviews.orgId})`;

/**
 * A page's ids sorted by candidate name (then id), interviews of erased candidates last in either direction. The
 * interviews joined to their candidates are read in the name index's order, each candidate's interviews by the
 * (org, candidate) index, so the first pages stop after a few candidates (~5 ms on 100,000 interviews, where the
 * name looked up per interview and sorted took ~2 s). Only a page that reaches past them counts them and takes the
 * rest from the erased candidates' interviews, by id.
 */
async function listCandidateSortedIds(db: DbExecutor, where: SQL, order: 'asc' | 'desc', limit: number, offset: number): Promise<string[]> {
  const orderBy = interviewOrderBy('candidate', order);
  const named = await db
    .select({ id: interviews.id })
    .from(interviews)
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
  if (named.length === limit) return named.map((r) => r.id);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(interviews)
    .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
    .where(where);
  const erased = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(where, candidateErased))
    .orderBy(order === 'asc' ? sql`${interviews.id} asc` : sql`${interviews.id} desc`)
    .limit(limit - named.length)
    .offset(Math.max(0, offset - Number(count)));
  return [...named, ...erased].map((r) => r.id);
}

/** The rows of these interviews, in this order. */
async function selectByIds(db: DbExecutor, orgId: string, ids: string[]): Promise<InterviewRowSource[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(interviewColumns)
    .from(interviews)
    .leftJoin(reports, eq(reports.interviewId, interviews.id))
    .where(and(eq(interviews.orgId, orgId), inArray(interviews.id, ids)));
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
type InterviewRowSource = Awaited<ReturnType<ReturnType<typeof selectPage>['execute']>>[number];

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
  const pageOf = (pageWhere: SQL) =>
    sort === 'candidate'
      ? listCandidateSortedIds(db, pageWhere, order, input.pageSize, offset).then((ids) => selectByIds(db, input.orgId, ids))
      : selectPage(db, pageWhere, orderBy, input.pageSize, offset);
  if (search) {
    // A search: counted first, then its page from its few matches, or by the walk (see FEW_SEARCH_MATCHES).
    const total = await db.select({ total: sql<number>`count(*)::int` }).from(interviews).where(where).then(([r]) => Number(r.total));
    const pageWhere = total <= FEW_SEARCH_MATCHES ? interviewFilterWhere(db, input, { fewSearchMatches: true }) : where;
    const rows = await pageOf(pageWhere);
    return toPage(rows.map(toInterviewDto), total, input.page, input.pageSize);
  }
  const [rows, total] = await Promise.all([
    pageOf(where),
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
