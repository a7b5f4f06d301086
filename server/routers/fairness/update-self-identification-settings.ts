import { updateSelfIdentificationSettings } from '@/server/services/fairness/self-identification';
import { SelfIdentificationSettingsSchema, UpdateSelfIdentificationSettingsInputSchema } from '@/server/services/fairness/self-identification-schemas';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only (Settings): an admin switches collection on or off; audited as `settings.updated`. */
export const updateSelfIdentificationSettingsProcedure = adminProcedure
  .input(UpdateSelfIdentificationSettingsInputSchema)
  .output(SelfIdentificationSettingsSchema)
  .mutation(({ ctx, input }) =>
    updateSelfIdentificationSettings(ctx.db, { orgId: ctx.orgId, collectSelfIdentification: input.collectSelfIdentification, audit: ctx.audit }),
  );
