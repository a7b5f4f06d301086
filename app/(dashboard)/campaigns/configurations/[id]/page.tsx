import { ConfigForm } from '@/components/dashboard/campaigns/config-form';
import { getServerCaller, orNotFound } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interview configuration · Interview screening' };

/** Another organization's configuration id is the 404 page, like a missing one. */
export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const caller = await getServerCaller();
  const config = await orNotFound(() => caller.interviewConfigs.get({ id }));
  return <ConfigForm key={config.updatedAt} initial={config} justCreated={query.created === '1'} />;
}
