import { setMemberRole } from '@/server/services/team/set-member-role';
import { MemberSchema, SetMemberRoleInputSchema } from '@/server/services/team/team-schemas';
import { adminProcedure } from '@/server/trpc';

export const setMemberRoleProcedure = adminProcedure
  .input(SetMemberRoleInputSchema)
  .output(MemberSchema)
  .mutation(({ ctx, input }) => setMemberRole(ctx.db, { orgId: ctx.orgId, userId: input.userId, role: input.role, audit: ctx.audit }));
