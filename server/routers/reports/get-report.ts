import { z } from 'zod';
import { getReport } from '@/server/services/reports/get-report';
import { AnyReportSchema } from '@/server/services/reports/report-schemas';
import { scopedProcedure } from '@/server/trpc';

export const getReportProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/reports/{reportId}',
      tags: ['Reports'],
      summary: 'Retrieve a report by its id',
      description:
        'Scope reports:read. An interview report or a test report (see type), as returned by the routes above; 202 with { id, status: "PENDING" } while an interview report is generated.',
    },
  })
  .input(z.strictObject({ reportId: z.string().describe('Report id (rpt_…), as returned by finalize or in an interview.') }))
  .output(AnyReportSchema)
  .query(async ({ ctx, input }) => {
    const report = await getReport(ctx.db, { orgId: ctx.orgId, reportId: input.reportId });
    if (report.status === 'PENDING') ctx.response.status = 202;
    return report;
  });
