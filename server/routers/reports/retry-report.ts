import { z } from 'zod';
import { retryReport } from '@/server/services/reports/retry-report';
import { PendingReportSchema } from '@/server/services/reports/report-schemas';
import { recruiterProcedure } from '@/server/trpc';

/** Dashboard only: a FAILED interview report goes back to generation. */
export const retryReportProcedure = recruiterProcedure
  .input(z.strictObject({ reportId: z.string().min(1).max(100) }))
  .output(PendingReportSchema)
  .mutation(({ ctx, input }) => retryReport(ctx.db, { orgId: ctx.orgId, reportId: input.reportId }));
