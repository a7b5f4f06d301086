import { RoleGate } from '@/components/dashboard/role-gate';
import { getServerCaller } from '@/server/http/dashboard-session';
import { NewJobWizard } from '@/components/dashboard/campaigns/new-job-wizard';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New job · Interview screening' };

/**
 * Starts in the organization's language when an admin chose one (Settings → General); otherwise in English as before:
 * a first job is set up before any configuration exists to infer a language from. Whether a language model is
 * configured, and the templates, are read here with the page.
 */
export default async function Page() {
  return (
    <RoleGate needs="recruiter" title="New job">
      <Wizard />
    </RoleGate>
  );
}

async function Wizard() {
  const caller = await getServerCaller();
  const [{ locale, languageChosen }, availability, templates] = await Promise.all([
    caller.candidates.defaults(),
    caller.interviewConfigs.generationAvailability().catch(() => ({ available: false, model: null })),
    caller.interviewConfigs.templates({}),
  ]);
  return <NewJobWizard defaultLocale={languageChosen ? locale : undefined} availability={availability} templates={templates} />;
}
