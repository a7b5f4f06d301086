import { resolveCandidateSelection } from '@/server/services/bulk/resolve-selection';
import { BulkOperationSchema, BulkTagInputSchema } from '@/server/services/bulk/bulk-schemas';
import { startBulkOperation } from '@/server/services/bulk/start-bulk-operation';
import { recruiterProcedure } from '@/server/trpc';

/** Adds and/or removes tags on the selected candidates. */
export const tagCandidatesProcedure = recruiterProcedure
  .input(BulkTagInputSchema)
  .output(BulkOperationSchema)
  .mutation(async ({ ctx, input }) => {
    const targetIds = await resolveCandidateSelection(ctx.db, ctx.orgId, input.selection);
    return startBulkOperation(ctx.db, {
      orgId: ctx.orgId,
      userId: ctx.principal.userId,
      audit: ctx.audit,
      kind: 'candidates.tag',
      params: { add: input.add, remove: input.remove },
      targetIds,
      selectionMode: input.selection.mode,
    });
  });
