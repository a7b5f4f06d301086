import { RoleGate } from '@/components/dashboard/role-gate';
import { TeamPage } from '@/components/dashboard/team/team-page';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Team · Interview screening' };

/** Settings → Team, admins: the members and pending invitations, read on the server. */
export default async function Page() {
  const { userId, role } = await requireRecruiter();
  if (role !== 'admin') return <RoleGate needs="admin" title="Team">{null}</RoleGate>;
  const team = await (await getServerCaller()).team.list();
  return <TeamPage currentUserId={userId} team={team} />;
}
