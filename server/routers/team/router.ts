import { router } from '@/server/trpc';
import { inviteMemberProcedure } from './invite-member';
import { listTeamProcedure } from './list-team';
import { removeMemberProcedure } from './remove-member';
import { revokeInvitationProcedure } from './revoke-invitation';
import { setMemberRoleProcedure } from './set-member-role';

/** Dashboard only, admins only: the organization's members, their roles and invitations. */
export const teamRouter = router({
  list: listTeamProcedure,
  invite: inviteMemberProcedure,
  revokeInvitation: revokeInvitationProcedure,
  setRole: setMemberRoleProcedure,
  remove: removeMemberProcedure,
});
