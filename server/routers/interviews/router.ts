import { router } from '@/server/trpc';
import { createInterviewProcedure } from './create-interview';
import { getInterviewProcedure } from './get-interview';
import { listInterviewsProcedure } from './list-interviews';

export const interviewsRouter = router({
  list: listInterviewsProcedure,
  get: getInterviewProcedure,
  create: createInterviewProcedure,
});
