import { router } from '@/server/trpc';
import { getAgreementProcedure } from './get-agreement';
import { getFunnelProcedure } from './get-funnel';
import { getFunnelTimeseriesProcedure } from './get-funnel-timeseries';
import { listAwaitingDecisionProcedure } from './list-awaiting-decision';
import { listReviewerAgreementProcedure } from './list-reviewer-agreement';

/** CONTRACT §14's funnel (totals and over time), the awaiting-decision queue and agreement: one router for REST v1 and the dashboard's Analytics page (reviewers: dashboard only). */
export const analyticsRouter = router({
  funnel: getFunnelProcedure,
  funnelTimeseries: getFunnelTimeseriesProcedure,
  awaitingDecision: listAwaitingDecisionProcedure,
  agreement: getAgreementProcedure,
  reviewers: listReviewerAgreementProcedure,
});
