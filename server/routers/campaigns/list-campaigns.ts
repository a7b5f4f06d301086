import { listCampaigns } from '@/server/services/campaigns/list-campaigns';
import { ListCampaignsInputSchema, CampaignSchema } from '@/server/services/campaigns/campaign-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { memberProcedure } from '@/server/trpc';

export const listCampaignsProcedure = memberProcedure
  .input(ListCampaignsInputSchema)
  .output(paginatedSchema(CampaignSchema))
  .query(({ ctx, input }) => listCampaigns(ctx.db, { orgId: ctx.orgId, ...input }));
