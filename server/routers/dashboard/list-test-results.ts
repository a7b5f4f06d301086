import { listTestResults } from '@/server/services/dashboard/list-test-results';
import { ListTestResultsInputSchema, TestResultPageSchema } from '@/server/services/dashboard/campaign-view-schemas';
import { memberProcedure } from '@/server/trpc';

/** Technical test results of a campaign (its page) or of a candidate (their profile). */
export const listTestResultsProcedure = memberProcedure
  .input(ListTestResultsInputSchema)
  .output(TestResultPageSchema)
  .query(({ ctx, input }) => {
    const { campaignId, candidateId, page, pageSize } = input;
    const subject = campaignId !== undefined ? { campaignId } : { candidateId: candidateId! };
    return listTestResults(ctx.db, { orgId: ctx.orgId, page, pageSize, ...subject });
  });
