import { JobsPage } from '@/components/dashboard/campaigns/jobs-page';
import { intParam, searchParamGetter } from '@/components/dashboard/list-inputs';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Job postings · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page of job postings the URL asks for (search, page), read and rendered on the server. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const get = searchParamGetter(params);
  const search = get('search');
  const list = await caller.jobs.list({ page: intParam(get('page'), 1), pageSize: intParam(get('pageSize'), 20, 100), search: search || undefined });
  return <JobsPage list={list} search={search} />;
}
