import { Suspense } from 'react';
import { MailboxPage } from '@/components/dashboard/settings/mailbox-page';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Local mailbox · Interview screening' };

export default async function Page() {
  const integration = await (await getServerCaller()).settings.integration();
  return (
    <Suspense>
      <MailboxPage enabled={integration.email.transport === 'mailbox'} />
    </Suspense>
  );
}
