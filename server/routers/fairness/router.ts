import { router } from '@/server/trpc';
import { getBiasAuditProcedure } from './get-bias-audit';
import { getSelfIdentificationSettingsProcedure } from './get-self-identification-settings';
import { setSelfIdentificationProcedure } from './set-self-identification';
import { updateSelfIdentificationSettingsProcedure } from './update-self-identification-settings';

/** Voluntary self-identification and the bias audit (CONTRACT §14); the v1 paths are under /candidates and /analytics. */
export const fairnessRouter = router({
  settings: getSelfIdentificationSettingsProcedure,
  updateSettings: updateSelfIdentificationSettingsProcedure,
  setSelfIdentification: setSelfIdentificationProcedure,
  biasAudit: getBiasAuditProcedure,
});
