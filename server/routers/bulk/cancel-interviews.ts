import { resolveInterviewSelection } from '@/server/services/bulk/resolve-selection';
import { BulkInterviewActionInputSchema, BulkOperationSchema } from '@/server/services/bulk/bulk-schemas';
import { startBulkOperation } from '@/server/services/bulk/start-bulk-operation';
import { recruiterProcedure } from '@/server/trpc';

/** Cancels each selected open interview (final ones are skipped). */
export const cancelInterviewsProcedure = recruiterProcedure
  .input(BulkInterviewActionInputSchema)
  .output(BulkOperationSchema)
  .mutation(async ({ ctx, input }) => {
    const targetIds = await resolveInterviewSelection(ctx.db, ctx.orgId, input.selection);
    return startBulkOperation(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, audit: ctx.audit, kind: 'interviews.cancel', params: {}, targetIds, selectionMode: input.selection.mode });
  });
