import { and, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import { candidates, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { likeContains, toPage, type Page } from '../pagination';
import { toCandidateDto } from './candidate-dto';
import type { CandidateDto } from './candidate-schemas';

export type ListCandidatesInput = {
  orgId: string;
  page: number;
  pageSize: number;
  search?: string;
  jobId?: string;
  /** Candidates with an interview in this campaign (the dashboard's test-result picker, REST v1). */
  campaignId?: string;
  tags?: string[];
  /** Dashboard only: the sorted column (default createdAt) and direction (default desc, as REST v1). */
  sort?: CandidateSort;
  order?: 'asc' | 'desc';
};

export const CANDIDATE_SORTS = ['createdAt', 'name', 'email'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export type CandidateFilter = Omit<ListCandidatesInput, 'page' | 'pageSize' | 'sort' | 'order'>;

/** "first last" as the dashboard shows a name: what the name sort reads (lower-cased). */
export const candidateFullName = sql`coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, '')`;

/** Words of a search beyond this many are ignored (a pasted paragraph is not a name). */
const MAX_SEARCH_WORDS = 8;

/**
 * A candidate search in any word order: every word of it (case-insensitive, wildcards taken literally) is in the
 * email, the first name or the last name, so "garcia sofia", "Sofia García"'s "sofia gar" and "sofia@" all find
 * her. Null for a blank search (no filter).
 */
export function candidateSearchWhere(search: string): SQL | null {
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  return and(
    ...words.map((word) => {
      const pattern = likeContains(word);
      return or(ilike(candidates.email, pattern), ilike(candidates.firstName, pattern), ilike(candidates.lastName, pattern))!;
    }),
  )!;
}

/**
 * A search that finds at most this many rows gets its page sorted from its matches, which the trigram index
 * (candidates_search_trgm_idx) finds at once, rather than by walking the sort order's index and testing each row,
 * which for a rare name walks most of the organization (20,000 rows: 20–40 ms). A search that finds more is
 * dense enough that the walk stops early.
 */
export const FEW_SEARCH_MATCHES = 1000;

/**
 * The ids of the organization's candidates a search finds, as one array computed once before the query (an
 * InitPlan): `column = any(…)` then reads an index by id, where a join or IN would be planned as the same walk.
 */
export function candidateIdsMatching(orgId: string, search: SQL): SQL {
  return sql`array(select ${candidates.id} from ${candidates} where ${candidates.orgId} = ${orgId} and ${search})`;
}

/** The ORDER BY of a sort, the id breaking ties in the same direction so that offset pages stay stable. */
function candidateOrderBy(sort: CandidateSort, order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const column: Record<CandidateSort, SQL> = {
    createdAt: sql`${candidates.createdAt}`,
    name: sql`lower(${candidateFullName})`,
    email: sql`${candidates.email}`,
  };
  return [sql`${column[sort]} ${direction}`, sql`${candidates.id} ${direction}`];
}

export async function listCandidates(db: DbExecutor, input: ListCandidatesInput): Promise<Page<CandidateDto>> {
  const where = candidateFilterWhere(db, input);
  const selectPage = (filter: SQL) =>
    db
      .select()
      .from(candidates)
      .where(filter)
      .orderBy(...candidateOrderBy(input.sort ?? 'createdAt', input.order ?? 'desc'))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
  const countRows = () => db.select({ total: sql<number>`count(*)::int` }).from(candidates).where(where).then(([r]) => Number(r.total));
  const search = input.search ? candidateSearchWhere(input.search) : null;
  if (!search) {
    const [rows, total] = await Promise.all([selectPage(where), countRows()]);
    return toPage(rows.map(toCandidateDto), total, input.page, input.pageSize);
  }
  // A search: counted first (the trigram index), then its page from its few matches, or by the walk (see FEW_SEARCH_MATCHES).
  const total = await countRows();
  const rows = await selectPage(total <= FEW_SEARCH_MATCHES ? and(where, sql`${candidates.id} = any(${candidateIdsMatching(input.orgId, search)})`)! : where);
  return toPage(rows.map(toCandidateDto), total, input.page, input.pageSize);
}

/** The WHERE of the list's filters: the list, the global search and a bulk action's "all matching" share it. */
export function candidateFilterWhere(db: DbExecutor, input: CandidateFilter): SQL {
  // The organization filter comes first in every query: it is what keeps tenants apart.
  const filters: SQL[] = [eq(candidates.orgId, input.orgId)];
  const search = input.search ? candidateSearchWhere(input.search) : null;
  if (search) filters.push(search);
  if (input.jobId) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(interviews)
          .where(and(eq(interviews.orgId, input.orgId), eq(interviews.candidateId, candidates.id), eq(interviews.jobId, input.jobId))),
      ),
    );
  }
  if (input.campaignId) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(interviews)
          .where(and(eq(interviews.orgId, input.orgId), eq(interviews.candidateId, candidates.id), eq(interviews.campaignId, input.campaignId))),
      ),
    );
  }
  if (input.tags && input.tags.length > 0) {
    filters.push(sql`${candidates.tags} @> ${sql.param(input.tags)}::text[]`);
  }
  return and(...filters)!;
}
