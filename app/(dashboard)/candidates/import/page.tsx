import { RoleGate } from '@/components/dashboard/role-gate';
import { ImportCandidatesPage } from '@/components/dashboard/candidates/import-candidates-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Import candidates · Interview screening' };

export default function Page() {
  return (
    <RoleGate needs="recruiter" title="Import candidates">
      <ImportCandidatesPage />
    </RoleGate>
  );
}
