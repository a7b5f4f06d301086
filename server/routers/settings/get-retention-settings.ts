import { z } from 'zod';
import { getRetentionSettings, RetentionSettingsSchema } from '@/server/services/data-rights/retention-settings';
import { adminProcedure } from '@/server/trpc';

export const getRetentionSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(RetentionSettingsSchema)
  .query(({ ctx }) => getRetentionSettings(ctx.db, { orgId: ctx.orgId }));
