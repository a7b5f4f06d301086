import { router } from '@/server/trpc';
import { getBiasAuditProcedure } from './get-bias-audit';
import { setSelfIdentificationProcedure } from './set-self-identification';

/**
 * Voluntary self-identification and the bias audit (CONTRACT §14); the v1 paths are under /candidates and
 * /analytics. The organization's switch is wired under `settings` (admin-only, as every setting).
 */
export const fairnessRouter = router({
  setSelfIdentification: setSelfIdentificationProcedure,
  biasAudit: getBiasAuditProcedure,
});
