import { Providers } from '@/components/trpc/providers';
import { RoleGate } from '@/components/dashboard/role-gate';
import { WebhooksPage } from '@/components/dashboard/settings/webhooks-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Webhooks · Interview screening' };

export default function Page() {
  return (
    <RoleGate needs="admin" title="Webhooks">
      <Providers>
        <WebhooksPage />
      </Providers>
    </RoleGate>
  );
}
