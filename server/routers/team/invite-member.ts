import { inviteMember } from '@/server/services/team/invite-member';
import { InvitedMemberSchema, InviteMemberInputSchema } from '@/server/services/team/team-schemas';
import { adminProcedure } from '@/server/trpc';

export const inviteMemberProcedure = adminProcedure
  .input(InviteMemberInputSchema)
  .output(InvitedMemberSchema)
  .mutation(({ ctx, input }) => inviteMember(ctx.db, { orgId: ctx.orgId, email: input.email, role: input.role, invitedBy: ctx.principal.userId, audit: ctx.audit }));
