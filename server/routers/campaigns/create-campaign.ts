import { createCampaign } from '@/server/services/campaigns/create-campaign';
import { CreateCampaignInputSchema, CampaignSchema } from '@/server/services/campaigns/campaign-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const createCampaignProcedure = recruiterProcedure
  .input(CreateCampaignInputSchema)
  .output(CampaignSchema)
  .mutation(({ ctx, input }) => createCampaign(ctx.db, { orgId: ctx.orgId, creatorId: ctx.principal.userId, ...input }));
