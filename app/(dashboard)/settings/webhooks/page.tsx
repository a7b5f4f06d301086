import { RoleGate } from '@/components/dashboard/role-gate';
import { WebhooksPage } from '@/components/dashboard/settings/webhooks-page';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhooks · Interview screening' };

/** Settings → Webhooks, admins: the endpoints and the first page of each delivery log, read on the server. */
export default async function Page() {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Webhooks">{null}</RoleGate>;
  const caller = await getServerCaller();
  const endpoints = (await caller.webhooks.list({ page: 1, pageSize: 100 })).items;
  const logs = await Promise.all(endpoints.map((endpoint) => caller.webhooks.deliveries({ id: endpoint.id, page: 1, pageSize: 10 })));
  const deliveries = Object.fromEntries(endpoints.map((endpoint, i) => [endpoint.id, logs[i]]));
  return <WebhooksPage endpoints={endpoints} deliveries={deliveries} />;
}
