import { getCampaign } from '@/server/services/campaigns/get-campaign';
import { GetCampaignInputSchema, CampaignSchema } from '@/server/services/campaigns/campaign-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const getCampaignProcedure = recruiterProcedure
  .input(GetCampaignInputSchema)
  .output(CampaignSchema)
  .query(({ ctx, input }) => getCampaign(ctx.db, { orgId: ctx.orgId, id: input.id }));
