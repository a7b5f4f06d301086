import { router } from '@/server/trpc';
import { candidateDefaultsProcedure } from './candidate-defaults';
import { createCandidateProcedure } from './create-candidate';
import { eraseCandidateProcedure } from './erase-candidate';
import { exportCandidateDataProcedure } from './export-candidate-data';
import { getCandidateProcedure } from './get-candidate';
import { importCandidatesProcedure } from './import-candidates';
import { listCandidatesProcedure } from './list-candidates';
import { listErasureRequestsProcedure } from './list-erasure-requests';
import { requestErasureProcedure } from './request-erasure';
import { updateCandidateProcedure } from './update-candidate';

export const candidatesRouter = router({
  list: listCandidatesProcedure,
  get: getCandidateProcedure,
  create: createCandidateProcedure,
  update: updateCandidateProcedure,
  import: importCandidatesProcedure,
  erase: eraseCandidateProcedure,
  requestErasure: requestErasureProcedure,
  erasureRequests: listErasureRequestsProcedure,
  exportData: exportCandidateDataProcedure,
  defaults: candidateDefaultsProcedure,
});
