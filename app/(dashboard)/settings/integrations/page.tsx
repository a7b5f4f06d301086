import { Providers } from '@/components/trpc/providers';
import { RoleGate } from '@/components/dashboard/role-gate';
import { IntegrationsPage } from '@/components/dashboard/integrations/integrations-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Integrations · Interview screening' };

export default function Page() {
  return (
    <RoleGate needs="admin" title="Integrations">
      <Providers>
        <IntegrationsPage />
      </Providers>
    </RoleGate>
  );
}
