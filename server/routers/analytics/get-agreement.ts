import { AgreementSchema, getAgreement } from '@/server/services/analytics/agreement';
import { AnalyticsFilterInputSchema } from '@/server/services/analytics/analytics-filter';
import { scopedProcedure } from '@/server/trpc';

/** REST v1 (scope reports:read) and the dashboard's Analytics page (every role: viewers hold reports:read). */
export const getAgreementProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/analytics/agreement',
      tags: ['Analytics'],
      summary: "How far people's reviews agree with the AI's scores, per criterion",
      description:
        "Scope reports:read. A pair is the AI's score of a criterion (the report's, rounded to an integer 0–10) and a person's review of the same criterion on the same interview. Exactly one of campaignId, jobId, configId (400 otherwise; another organization's id is a 404); optional from (inclusive) and to (exclusive) on the interview's completedAt.",
    },
  })
  .input(AnalyticsFilterInputSchema)
  .output(AgreementSchema)
  .query(({ ctx, input }) => getAgreement(ctx.db, { orgId: ctx.orgId, filter: input }));
