import { z } from 'zod';
import { getInterviewDetail } from '@/server/services/interviews/get-interview';
import { InterviewDetailSchema } from '@/server/services/interviews/interview-schemas';
import { scopedProcedure } from '@/server/trpc';

export const getInterviewProcedure = scopedProcedure('interviews:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/interviews/{id}',
      tags: ['Interviews'],
      summary: 'Retrieve an interview',
      description: 'With its candidate, transcript, evaluation and audioUrl. Scope interviews:read.',
    },
  })
  .input(z.strictObject({ id: z.string().describe('Interview id (itv_…).') }))
  .output(InterviewDetailSchema)
  .query(({ ctx, input }) => getInterviewDetail(ctx.db, { orgId: ctx.orgId, id: input.id }));
