import { CandidateContactSettingsSchema, UpdateCandidateContactInputSchema, updateCandidateContactSettings } from '@/server/services/settings/candidate-contact';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only (there are no roles yet: any recruiter of the organization is its admin). */
export const updateCandidateContactSettingsProcedure = adminProcedure
  .input(UpdateCandidateContactInputSchema)
  .output(CandidateContactSettingsSchema)
  .mutation(({ ctx, input }) => updateCandidateContactSettings(ctx.db, { orgId: ctx.orgId, contactEmail: input.contactEmail, nextSteps: input.nextSteps, audit: ctx.audit }));
