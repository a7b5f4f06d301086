import { z } from 'zod';
import { exportInterviewSelection } from '@/server/services/bulk/export-selection';
import { BulkExportOutputSchema, InterviewSelectionSchema } from '@/server/services/bulk/bulk-schemas';
import { memberProcedure } from '@/server/trpc';

/** The selected interviews as a CSV file. A read: viewers may export too. */
export const exportInterviewsProcedure = memberProcedure
  .input(z.strictObject({ selection: InterviewSelectionSchema }))
  .output(BulkExportOutputSchema)
  .mutation(({ ctx, input }) => exportInterviewSelection(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, selection: input.selection }));
