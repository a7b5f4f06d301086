import { getCampaignView } from '@/server/services/dashboard/get-campaign-view';
import { CampaignViewSchema, GetCampaignViewInputSchema } from '@/server/services/dashboard/campaign-view-schemas';
import { memberProcedure } from '@/server/trpc';

export const getCampaignViewProcedure = memberProcedure
  .input(GetCampaignViewInputSchema)
  .output(CampaignViewSchema)
  .query(({ ctx, input }) => getCampaignView(ctx.db, { orgId: ctx.orgId, id: input.id }));
