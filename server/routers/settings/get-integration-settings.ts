import { z } from 'zod';
import { IntegrationSettingsSchema } from '@/server/services/settings/integration-schemas';
import { getIntegrationSettings } from '@/server/services/settings/get-integration-settings';
import { adminProcedure } from '@/server/trpc';

export const getIntegrationSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(IntegrationSettingsSchema)
  .query(() => getIntegrationSettings());
