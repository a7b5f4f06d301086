import { router } from '@/server/trpc';
import { createInterviewConfigProcedure } from './create-interview-config';
import { getInterviewConfigProcedure } from './get-interview-config';
import { listInterviewConfigsProcedure } from './list-interview-configs';
import { updateInterviewConfigProcedure } from './update-interview-config';
import { generateQuestionSetProcedure, generationAvailabilityProcedure, listTemplatesProcedure } from './question-set-drafts';

/** Dashboard only (tRPC, recruiter sessions): not part of REST v1. */
export const interviewConfigsRouter = router({
  list: listInterviewConfigsProcedure,
  get: getInterviewConfigProcedure,
  create: createInterviewConfigProcedure,
  update: updateInterviewConfigProcedure,
  templates: listTemplatesProcedure,
  generationAvailability: generationAvailabilityProcedure,
  generate: generateQuestionSetProcedure,
});
