import { z } from 'zod';
import {
  getOrganizationLanguageSettings,
  OrganizationLanguageSettingsSchema,
  UpdateOrganizationLanguageInputSchema,
  updateOrganizationLanguage,
} from '@/server/services/organizations/organization-language';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only, admins (Settings → General): the organization's language; every role reads its effect through candidates.defaults. */
export const getOrganizationLanguageSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(OrganizationLanguageSettingsSchema)
  .query(({ ctx }) => getOrganizationLanguageSettings(ctx.db, { orgId: ctx.orgId }));

export const updateOrganizationLanguageSettingsProcedure = adminProcedure
  .input(UpdateOrganizationLanguageInputSchema)
  .output(OrganizationLanguageSettingsSchema)
  .mutation(({ ctx, input }) => updateOrganizationLanguage(ctx.db, { orgId: ctx.orgId, language: input.language, audit: ctx.audit }));
