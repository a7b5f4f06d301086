import { resolveInterviewSelection } from '@/server/services/bulk/resolve-selection';
import { BulkDecideInputSchema, BulkOperationSchema } from '@/server/services/bulk/bulk-schemas';
import { startBulkOperation } from '@/server/services/bulk/start-bulk-operation';
import { recruiterProcedure } from '@/server/trpc';

/** Records the signed-in user's decision on each selected COMPLETED interview (others are skipped). */
export const decideInterviewsProcedure = recruiterProcedure
  .input(BulkDecideInputSchema)
  .output(BulkOperationSchema)
  .mutation(async ({ ctx, input }) => {
    const targetIds = await resolveInterviewSelection(ctx.db, ctx.orgId, input.selection);
    const reason = input.reason?.trim() ? input.reason.trim() : null;
    return startBulkOperation(ctx.db, {
      orgId: ctx.orgId,
      userId: ctx.principal.userId,
      audit: ctx.audit,
      kind: 'interviews.decide',
      params: { status: input.status, reason, notifyCandidate: input.notifyCandidate ?? false },
      targetIds,
      selectionMode: input.selection.mode,
    });
  });
