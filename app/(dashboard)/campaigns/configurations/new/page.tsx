import { RoleGate } from '@/components/dashboard/role-gate';
import { getServerCaller } from '@/server/http/dashboard-session';
import { ConfigForm } from '@/components/dashboard/campaigns/config-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New interview configuration · Interview screening' };

/** Starts in the organization's language (Settings → General; inferred when none is chosen). */
export default async function Page() {
  const { locale } = await (await getServerCaller()).candidates.defaults();
  return (
    <RoleGate needs="recruiter" title="New interview configuration">
      <ConfigForm defaultLocale={locale} />
    </RoleGate>
  );
}
