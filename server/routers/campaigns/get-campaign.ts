import { getCampaign } from '@/server/services/campaigns/get-campaign';
import { GetCampaignInputSchema, CampaignSchema } from '@/server/services/campaigns/campaign-schemas';
import { memberProcedure } from '@/server/trpc';

export const getCampaignProcedure = memberProcedure
  .input(GetCampaignInputSchema)
  .output(CampaignSchema)
  .query(({ ctx, input }) => getCampaign(ctx.db, { orgId: ctx.orgId, id: input.id }));
