import { RoleGate } from '@/components/dashboard/role-gate';
import { ConfigForm } from '@/components/dashboard/campaigns/config-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New interview configuration · Interview screening' };

export default function Page() {
  return (
    <RoleGate needs="recruiter" title="New interview configuration">
      <ConfigForm />
    </RoleGate>
  );
}
