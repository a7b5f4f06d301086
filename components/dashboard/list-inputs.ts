import { INTERVIEW_STATUSES, type InterviewStatus } from './format';

/**
 * The list pages' query inputs from the URL's search params, in one place for the page's server component (which
 * prefetches the query) and its client component (which reads it): the two must build the same input, key for
 * key, or the client's query key misses the prefetched data and it fetches again.
 */
export type ParamGetter = (key: string) => string;

/** `get` over a server component's `searchParams`, as URLSearchParams.get reads a query string (the first value). */
export function searchParamGetter(params: Record<string, string | string[] | undefined>): ParamGetter {
  return (key) => {
    const value = params[key];
    return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? '') : '';
  };
}

/** A positive integer from the URL, or the fallback for anything else. */
export function intParam(value: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The columns the server sorts candidates by (server/services/candidates/list-candidates.ts), by column id. */
export const CANDIDATE_SORTS = ['name', 'email', 'createdAt'] as const;
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

export function candidatesListInput(get: ParamGetter) {
  const search = get('search');
  const tags = get('tags').split(',').map((t) => t.trim()).filter(Boolean);
  const sortParam = get('sort');
  const sort: CandidateSort = (CANDIDATE_SORTS as readonly string[]).includes(sortParam) ? (sortParam as CandidateSort) : 'createdAt';
  return {
    page: intParam(get('page'), 1),
    pageSize: intParam(get('pageSize'), 20, 100),
    sort,
    order: get('order') === 'asc' ? ('asc' as const) : ('desc' as const),
    search: search || undefined,
    tags: tags.length ? tags : undefined,
  };
}

/** The columns the server sorts interviews by (server/services/interviews/list-interviews.ts), by column id. */
export const INTERVIEW_SORTS = ['candidate', 'status', 'score', 'completedAt', 'createdAt'] as const;
export type InterviewSort = (typeof INTERVIEW_SORTS)[number];

export function interviewsListInput(get: ParamGetter) {
  const statusParam = get('status');
  const sortParam = get('sort');
  return {
    page: intParam(get('page'), 1),
    pageSize: intParam(get('pageSize'), 20, 100),
    order: get('order') === 'asc' ? ('asc' as const) : ('desc' as const),
    sort: (INTERVIEW_SORTS as readonly string[]).includes(sortParam) ? (sortParam as InterviewSort) : ('createdAt' as InterviewSort),
    status: (INTERVIEW_STATUSES as string[]).includes(statusParam) ? (statusParam as InterviewStatus) : undefined,
    search: get('search') || undefined,
    jobId: get('jobId') || undefined,
    campaignId: get('campaignId') || undefined,
  };
}

export function campaignsListInput(get: ParamGetter) {
  return { page: intParam(get('page'), 1), pageSize: intParam(get('pageSize'), 20, 100) };
}
