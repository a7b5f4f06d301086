import { IntegrationsPage } from '@/components/dashboard/integrations/integrations-page';
import { searchParamGetter } from '@/components/dashboard/list-inputs';
import { RoleGate } from '@/components/dashboard/role-gate';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Integrations · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const ATS = ['greenhouse', 'ashby', 'lever'] as const;

/**
 * Settings → Integrations, admins: one applicant tracking system at a time (the URL's `ats`, Greenhouse by default),
 * with the campaigns and configurations a test maps to, read on the server.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Integrations">{null}</RoleGate>;
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const asked = searchParamGetter(params)('ats');
  const ats = ATS.find((a) => a === asked) ?? 'greenhouse';
  const [overview, campaigns, configs] = await Promise.all([
    caller.integrations.get({ ats }),
    caller.campaigns.list({ page: 1, pageSize: 100 }),
    caller.interviewConfigs.list({ page: 1, pageSize: 100 }),
  ]);
  const named = (items: { id: string; name: string }[]) => items.map(({ id, name }) => ({ id, name }));
  return <IntegrationsPage ats={ats} overview={overview} campaigns={named(campaigns.items)} configs={named(configs.items)} />;
}
