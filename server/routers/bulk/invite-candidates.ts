import { resolveCandidateSelection } from '@/server/services/bulk/resolve-selection';
import { BulkInviteInputSchema, BulkOperationSchema } from '@/server/services/bulk/bulk-schemas';
import { checkBulkInvite, startBulkOperation } from '@/server/services/bulk/start-bulk-operation';
import { recruiterProcedure } from '@/server/trpc';

/** Invites the selected candidates to a campaign: one interview each, a candidate with an open one is skipped. */
export const inviteCandidatesProcedure = recruiterProcedure
  .input(BulkInviteInputSchema)
  .output(BulkOperationSchema)
  .mutation(async ({ ctx, input }) => {
    const params = await checkBulkInvite(ctx.db, ctx.orgId, input);
    const targetIds = await resolveCandidateSelection(ctx.db, ctx.orgId, input.selection);
    return startBulkOperation(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, audit: ctx.audit, kind: 'candidates.invite', params, targetIds, selectionMode: input.selection.mode });
  });
