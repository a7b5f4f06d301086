import { router } from '@/server/trpc';
import { getCampaignViewProcedure } from './get-campaign';
import { getInterviewViewProcedure } from './get-interview';
import { getMeProcedure } from './get-me';
import { getOverviewProcedure } from './get-overview';
import { listCampaignSummariesProcedure } from './list-campaigns';
import { listCandidateRowsProcedure } from './list-candidates';
import { listInterviewRowsProcedure } from './list-interviews';
import { listTestResultsProcedure } from './list-test-results';
import { rankCampaignCandidatesProcedure } from './rank-campaign-candidates';
import { watchTranscriptProcedure } from './watch-transcript';

/** Recruiter-only procedures of the dashboard; none of them is exposed on REST v1. */
export const dashboardRouter = router({
  me: getMeProcedure,
  overview: getOverviewProcedure,
  interviews: listInterviewRowsProcedure,
  candidates: listCandidateRowsProcedure,
  interview: getInterviewViewProcedure,
  transcript: watchTranscriptProcedure,
  campaigns: listCampaignSummariesProcedure,
  campaign: getCampaignViewProcedure,
  campaignRanking: rankCampaignCandidatesProcedure,
  testResults: listTestResultsProcedure,
});
