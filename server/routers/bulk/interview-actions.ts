import { resolveInterviewSelection } from '@/server/services/bulk/resolve-selection';
import { BulkInterviewActionInputSchema, BulkOperationSchema } from '@/server/services/bulk/bulk-schemas';
import { startBulkOperation } from '@/server/services/bulk/start-bulk-operation';
import { recruiterProcedure } from '@/server/trpc';

/** A bulk action on the selected interviews that takes no parameters: the kind says what each row gets. */
function bulkInterviewAction(kind: 'interviews.resend' | 'interviews.cancel') {
  return recruiterProcedure
    .input(BulkInterviewActionInputSchema)
    .output(BulkOperationSchema)
    .mutation(async ({ ctx, input }) => {
      const targetIds = await resolveInterviewSelection(ctx.db, ctx.orgId, input.selection);
      return startBulkOperation(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, audit: ctx.audit, kind, params: {}, targetIds, selectionMode: input.selection.mode });
    });
}

/** Sends a new invitation link to each selected DRAFT or INVITED interview (others are skipped). */
export const resendInterviewsProcedure = bulkInterviewAction('interviews.resend');

/** Cancels each selected open interview (final ones are skipped). */
export const cancelInterviewsProcedure = bulkInterviewAction('interviews.cancel');
