import { Providers } from '@/components/trpc/providers';
import { RoleGate } from '@/components/dashboard/role-gate';
import { AuditLogPage } from '@/components/dashboard/settings/audit-log-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Audit log · Interview screening' };

export default function Page() {
  return (
    <RoleGate needs="admin" title="Audit log">
      <Providers>
        <AuditLogPage />
      </Providers>
    </RoleGate>
  );
}
