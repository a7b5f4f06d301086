import { ConfigsPage } from '@/components/dashboard/campaigns/configs-page';
import { intParam, searchParamGetter } from '@/components/dashboard/list-inputs';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interview configurations · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The page of configurations the URL asks for, read and rendered on the server (no data layer in the browser). */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const get = searchParamGetter(params);
  return <ConfigsPage list={await caller.interviewConfigs.list({ page: intParam(get('page'), 1), pageSize: intParam(get('pageSize'), 20, 100) })} />;
}
