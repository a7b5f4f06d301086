import { router } from '@/server/trpc';
import { createStageProcedure } from './create-stage';
import { deleteStageProcedure } from './delete-stage';
import { getStageProcedure } from './get-stage';
import { listStagesProcedure } from './list-stages';
import { reorderStagesProcedure } from './reorder-stages';
import { updateStageProcedure } from './update-stage';

/** Dashboard only (tRPC, recruiter sessions): not part of REST v1. */
export const stagesRouter = router({
  list: listStagesProcedure,
  get: getStageProcedure,
  create: createStageProcedure,
  update: updateStageProcedure,
  reorder: reorderStagesProcedure,
  delete: deleteStageProcedure,
});
