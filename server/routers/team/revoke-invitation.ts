import { revokeTeamInvitation } from '@/server/services/team/revoke-team-invitation';
import { RevokedInvitationSchema, RevokeTeamInvitationInputSchema } from '@/server/services/team/team-schemas';
import { adminProcedure } from '@/server/trpc';

export const revokeInvitationProcedure = adminProcedure
  .input(RevokeTeamInvitationInputSchema)
  .output(RevokedInvitationSchema)
  .mutation(({ ctx, input }) => revokeTeamInvitation(ctx.db, { orgId: ctx.orgId, id: input.id, audit: ctx.audit }));
