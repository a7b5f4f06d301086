import { router } from '@/server/trpc';
import { getIntegrationSettingsProcedure } from './get-integration-settings';

/** Dashboard only: how this deployment is wired to the voice agent, email and report generation. */
export const settingsRouter = router({
  integration: getIntegrationSettingsProcedure,
});
