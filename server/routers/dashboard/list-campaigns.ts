import { listCampaignSummaries } from '@/server/services/dashboard/list-campaign-summaries';
import { CampaignSummaryPageSchema, ListCampaignSummariesInputSchema } from '@/server/services/dashboard/dashboard-schemas';
import { memberProcedure } from '@/server/trpc';

export const listCampaignSummariesProcedure = memberProcedure
  .input(ListCampaignSummariesInputSchema)
  .output(CampaignSummaryPageSchema)
  .query(({ ctx, input }) => listCampaignSummaries(ctx.db, { orgId: ctx.orgId, page: input.page, pageSize: input.pageSize }));
