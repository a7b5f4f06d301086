import { NotificationPreferencesPage } from '@/components/dashboard/settings/notification-preferences-page';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Notifications · Interview screening' };

export default async function Page() {
  const preferences = await (await getServerCaller()).notifications.preferences();
  return <NotificationPreferencesPage initial={preferences} />;
}
