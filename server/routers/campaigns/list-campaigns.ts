import { listCampaigns } from '@/server/services/campaigns/list-campaigns';
import { ListCampaignsInputSchema, CampaignSchema } from '@/server/services/campaigns/campaign-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { recruiterProcedure } from '@/server/trpc';

export const listCampaignsProcedure = recruiterProcedure
  .input(ListCampaignsInputSchema)
  .output(paginatedSchema(CampaignSchema))
  .query(({ ctx, input }) => listCampaigns(ctx.db, { orgId: ctx.orgId, ...input }));
