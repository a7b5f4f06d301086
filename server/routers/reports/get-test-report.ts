import { z } from 'zod';
import { getTestReport } from '@/server/services/reports/get-report';
import { TestReportSchema } from '@/server/services/reports/report-schemas';
import { scopedProcedure } from '@/server/trpc';

export const getTestReportProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/reports/tests/{sessionId}',
      tags: ['Reports'],
      summary: "Retrieve a technical test's report",
      description: 'Scope reports:read. The report of a completed test session, by the session id.',
    },
  })
  .input(z.strictObject({ sessionId: z.string().describe('Test session id (tst_…).') }))
  .output(TestReportSchema)
  .query(({ ctx, input }) => getTestReport(ctx.db, { orgId: ctx.orgId, testSessionId: input.sessionId }));
