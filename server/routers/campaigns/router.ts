import { router } from '@/server/trpc';
import { createCampaignProcedure } from './create-campaign';
import { getCampaignProcedure } from './get-campaign';
import { listCampaignsProcedure } from './list-campaigns';
import { updateCampaignProcedure } from './update-campaign';
import { invitationLinkProcedure, inviteByEmailProcedure } from './invite-by-email';
import { setUpJobProcedure } from './set-up-job';

/** Dashboard only (tRPC, recruiter sessions): not part of REST v1. */
export const campaignsRouter = router({
  list: listCampaignsProcedure,
  get: getCampaignProcedure,
  create: createCampaignProcedure,
  update: updateCampaignProcedure,
  inviteByEmail: inviteByEmailProcedure,
  setUpJob: setUpJobProcedure,
  invitationLink: invitationLinkProcedure,
});
