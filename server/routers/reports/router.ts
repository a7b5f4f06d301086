import { router } from '@/server/trpc';
import { getInterviewReportProcedure } from './get-interview-report';
import { getReportProcedure } from './get-report';
import { getTestReportProcedure } from './get-test-report';
import { retryReportProcedure } from './retry-report';
import { saveHumanReviewProcedure } from './save-human-review';

/**
 * The fixed paths come first. trpc-to-openapi matches procedures in this order, and a path parameter matches a
 * single segment only, so /reports/interviews/{id} and /reports/tests/{sessionId} never reach /reports/{reportId}.
 * GET /reports/export is a plain route handler (app/api/v1/reports/export/route.ts): it streams CSV.
 */
export const reportsRouter = router({
  getInterviewReport: getInterviewReportProcedure,
  getTestReport: getTestReportProcedure,
  get: getReportProcedure,
  retry: retryReportProcedure,
  saveHumanReview: saveHumanReviewProcedure,
});
