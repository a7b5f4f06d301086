import { AnalyticsFilterInputSchema } from '@/server/services/analytics/analytics-filter';
import { listReviewerAgreement, ReviewerAgreementListSchema } from '@/server/services/analytics/reviewer-agreement';
import { adminProcedure } from '@/server/trpc';

/**
 * Dashboard only, admins only: each reviewer's agreement with the AI, named, with the automation-bias warning.
 * Naming how a colleague reviews is about the team, which only admins see (docs/DECISIONS.md, Team and roles).
 */
export const listReviewerAgreementProcedure = adminProcedure
  .input(AnalyticsFilterInputSchema)
  .output(ReviewerAgreementListSchema)
  .query(({ ctx, input }) => listReviewerAgreement(ctx.db, { orgId: ctx.orgId, filter: input }));
