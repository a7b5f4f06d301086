import { z } from 'zod';
import { exportCandidateSelection } from '@/server/services/bulk/export-selection';
import { BulkExportOutputSchema, CandidateSelectionSchema } from '@/server/services/bulk/bulk-schemas';
import { memberProcedure } from '@/server/trpc';

/** The selected candidates as a CSV file (a mutation: it writes an audit entry). A read: viewers may export too. */
export const exportCandidatesProcedure = memberProcedure
  .input(z.strictObject({ selection: CandidateSelectionSchema }))
  .output(BulkExportOutputSchema)
  .mutation(({ ctx, input }) => exportCandidateSelection(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, selection: input.selection }));
