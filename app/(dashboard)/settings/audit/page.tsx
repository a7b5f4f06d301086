import { RoleGate } from '@/components/dashboard/role-gate';
import { searchParamGetter } from '@/components/dashboard/list-inputs';
import { AuditLogPage } from '@/components/dashboard/settings/audit-log-page';
import { auditPageFromParams, auditStateFromParams, toAuditFilter } from '@/components/dashboard/settings/audit-input';
import { getServerCaller, requireRecruiter, settle } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Audit log · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Settings → Audit log, admins: the entries the URL's filters and page select, read and rendered on the server. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Audit log">{null}</RoleGate>;
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const get = searchParamGetter(params);
  const state = auditStateFromParams(get);
  const filter = toAuditFilter(state);
  const { page, pageSize } = auditPageFromParams(get);
  const list = await settle(() => caller.auditEvents.listReadable({ page, pageSize, ...filter }));
  return <AuditLogPage list={list} state={state} filter={filter} page={page} pageSize={pageSize} />;
}
