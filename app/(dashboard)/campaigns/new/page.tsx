import { RoleGate } from '@/components/dashboard/role-gate';
import { getServerCaller } from '@/server/http/dashboard-session';
import { NewJobWizard } from '@/components/dashboard/campaigns/new-job-wizard';
import { Providers } from '@/components/trpc/providers';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New job · Interview screening' };

/**
 * Starts in the organization's language when an admin chose one (Settings → General); otherwise in English as before:
 * a first job is set up before any configuration exists to infer a language from.
 */
export default async function Page() {
  const { locale, languageChosen } = await (await getServerCaller()).candidates.defaults();
  return (
    <Providers>
      <RoleGate needs="recruiter" title="New job">
        <NewJobWizard defaultLocale={languageChosen ? locale : undefined} />
      </RoleGate>
    </Providers>
  );
}
