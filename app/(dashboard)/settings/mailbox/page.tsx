import { Providers } from '@/components/trpc/providers';
import { Suspense } from 'react';
import { MailboxPage } from '@/components/dashboard/settings/mailbox-page';
import { RoleGate } from '@/components/dashboard/role-gate';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Local mailbox · Interview screening' };

export default async function Page() {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Local mailbox">{null}</RoleGate>;
  const integration = await (await getServerCaller()).settings.integration();
  return (
    <Providers>
      <Suspense>
      <MailboxPage enabled={integration.email.transport === 'mailbox'} />
    </Suspense>
    </Providers>
  );
}
