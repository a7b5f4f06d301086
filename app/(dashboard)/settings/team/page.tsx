import { Providers } from '@/components/trpc/providers';
import { RoleGate } from '@/components/dashboard/role-gate';
import { TeamPage } from '@/components/dashboard/team/team-page';
import { requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Team · Interview screening' };

export default async function Page() {
  const { userId } = await requireRecruiter();
  return (
    <RoleGate needs="admin" title="Team">
      <Providers>
        <TeamPage currentUserId={userId} />
      </Providers>
    </RoleGate>
  );
}
