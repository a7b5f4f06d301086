import { removeMember } from '@/server/services/team/remove-member';
import { RemovedMemberSchema, RemoveMemberInputSchema } from '@/server/services/team/team-schemas';
import { adminProcedure } from '@/server/trpc';

export const removeMemberProcedure = adminProcedure
  .input(RemoveMemberInputSchema)
  .output(RemovedMemberSchema)
  .mutation(({ ctx, input }) => removeMember(ctx.db, { orgId: ctx.orgId, userId: input.userId, audit: ctx.audit }));
