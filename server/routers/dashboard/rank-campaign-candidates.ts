import { rankCampaignCandidates } from '@/server/services/dashboard/rank-campaign-candidates';
import { CampaignRankingPageSchema, RankCampaignCandidatesInputSchema } from '@/server/services/dashboard/campaign-view-schemas';
import { memberProcedure } from '@/server/trpc';

/** The campaign page's ranking: its candidates by overall score, those without a ready report after. */
export const rankCampaignCandidatesProcedure = memberProcedure
  .input(RankCampaignCandidatesInputSchema)
  .output(CampaignRankingPageSchema)
  .query(({ ctx, input }) => rankCampaignCandidates(ctx.db, { orgId: ctx.orgId, ...input, viewerUserId: ctx.principal.userId }));
