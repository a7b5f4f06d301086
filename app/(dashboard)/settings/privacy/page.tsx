import { PageHeader } from '@/components/dashboard/page-header';
import { RoleGate } from '@/components/dashboard/role-gate';
import { DataRetentionCard } from '@/components/dashboard/settings/data-retention-card';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Data & privacy · Interview screening' };

/** Settings → Data & privacy: how long candidates' data is kept, the open erasure requests, and the way to the audit log (in the retention card). */
export default async function Page() {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Data & privacy">{null}</RoleGate>;
  const caller = await getServerCaller();
  const [retention, erasureRequests] = await Promise.all([caller.settings.retention(), caller.settings.erasureRequests()]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Data & privacy" description="How long candidates' data is kept, their requests to be erased, and the record of who did what." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <DataRetentionCard retention={retention} erasureRequests={erasureRequests} now={Date.now()} />
      </div>
    </div>
  );
}
