import { router } from '@/server/trpc';
import { getAgreementProcedure } from './get-agreement';
import { getFunnelProcedure } from './get-funnel';
import { listReviewerAgreementProcedure } from './list-reviewer-agreement';

/** CONTRACT §14's funnel and agreement: one router for REST v1 and the dashboard's Analytics page (reviewers: dashboard only). */
export const analyticsRouter = router({
  funnel: getFunnelProcedure,
  agreement: getAgreementProcedure,
  reviewers: listReviewerAgreementProcedure,
});
