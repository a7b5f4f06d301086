import { RetentionSettingsSchema, UpdateRetentionInputSchema, updateRetentionSettings } from '@/server/services/data-rights/retention-settings';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only (there are no roles yet: any recruiter of the organization is its admin). */
export const updateRetentionSettingsProcedure = adminProcedure
  .input(UpdateRetentionInputSchema)
  .output(RetentionSettingsSchema)
  .mutation(({ ctx, input }) => updateRetentionSettings(ctx.db, { orgId: ctx.orgId, retentionDays: input.retentionDays, audit: ctx.audit }));
