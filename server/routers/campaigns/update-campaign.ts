import { updateCampaign } from '@/server/services/campaigns/update-campaign';
import { UpdateCampaignInputSchema, CampaignSchema } from '@/server/services/campaigns/campaign-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const updateCampaignProcedure = recruiterProcedure
  .input(UpdateCampaignInputSchema)
  .output(CampaignSchema)
  .mutation(({ ctx, input }) => updateCampaign(ctx.db, { orgId: ctx.orgId, ...input }));
