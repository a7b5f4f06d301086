import { RoleGate } from '@/components/dashboard/role-gate';
import { NewJobWizard } from '@/components/dashboard/campaigns/new-job-wizard';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New job · Interview screening' };

export default function Page() {
  return (
    <RoleGate needs="recruiter" title="New job">
      <NewJobWizard />
    </RoleGate>
  );
}
