import { z } from 'zod';
import { getSelfIdentificationSettings } from '@/server/services/fairness/self-identification';
import { SelfIdentificationSettingsSchema } from '@/server/services/fairness/self-identification-schemas';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only (Settings): whether the organization collects voluntary self-identification. */
export const getSelfIdentificationSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(SelfIdentificationSettingsSchema)
  .query(({ ctx }) => getSelfIdentificationSettings(ctx.db, { orgId: ctx.orgId }));
