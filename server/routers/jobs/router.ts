import { router } from '@/server/trpc';
import { createJobProcedure } from './create-job';
import { getJobProcedure } from './get-job';
import { listJobsProcedure } from './list-jobs';
import { updateJobProcedure } from './update-job';

/** Dashboard only (tRPC, recruiter sessions): not part of REST v1. */
export const jobsRouter = router({
  list: listJobsProcedure,
  get: getJobProcedure,
  create: createJobProcedure,
  update: updateJobProcedure,
});
