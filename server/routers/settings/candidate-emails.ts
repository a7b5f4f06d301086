import { z } from 'zod';
import {
  CandidateEmailSettingsSchema,
  getCandidateEmailSettings,
  UpdateCandidateEmailSettingsInputSchema,
  updateCandidateEmailSettings,
} from '@/server/services/notifications/candidate-email-settings';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only, admins (as every setting): the organization's decision emails to candidates and invitation reminders. */
export const getCandidateEmailSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(CandidateEmailSettingsSchema)
  .query(({ ctx }) => getCandidateEmailSettings(ctx.db, { orgId: ctx.orgId }));

export const updateCandidateEmailSettingsProcedure = adminProcedure
  .input(UpdateCandidateEmailSettingsInputSchema)
  .output(CandidateEmailSettingsSchema)
  .mutation(({ ctx, input }) => updateCandidateEmailSettings(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
