import { z } from 'zod';
import { getInterviewReport } from '@/server/services/reports/get-report';
import { InterviewReportSchema, PendingReportSchema } from '@/server/services/reports/report-schemas';
import { scopedProcedure } from '@/server/trpc';

export const getInterviewReportProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/reports/interviews/{id}',
      tags: ['Reports'],
      summary: "Retrieve an interview's report",
      description:
        'Scope reports:read. 200 with the scorecard, summary and transcript when READY; 202 with { id, status: "PENDING" } while it is generated; 200 with status FAILED, no scores and a failureReason when generation failed; 404 when the interview has no report.',
    },
  })
  .input(z.strictObject({ id: z.string().describe('Interview id (itv_…).') }))
  .output(z.union([PendingReportSchema, InterviewReportSchema]))
  .query(async ({ ctx, input }) => {
    const report = await getInterviewReport(ctx.db, { orgId: ctx.orgId, interviewId: input.id });
    if (report.status === 'PENDING') ctx.response.status = 202;
    return report;
  });
