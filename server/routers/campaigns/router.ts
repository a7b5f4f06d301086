import { router } from '@/server/trpc';
import { createCampaignProcedure } from './create-campaign';
import { getCampaignProcedure } from './get-campaign';
import { listCampaignsProcedure } from './list-campaigns';
import { updateCampaignProcedure } from './update-campaign';

/** Dashboard only (tRPC, recruiter sessions): not part of REST v1. */
export const campaignsRouter = router({
  list: listCampaignsProcedure,
  get: getCampaignProcedure,
  create: createCampaignProcedure,
  update: updateCampaignProcedure,
});
