import { router } from '@/server/trpc';
import { createCandidateProcedure } from './create-candidate';
import { getCandidateProcedure } from './get-candidate';
import { listCandidatesProcedure } from './list-candidates';

export const candidatesRouter = router({
  list: listCandidatesProcedure,
  get: getCandidateProcedure,
  create: createCandidateProcedure,
});
