import { createInterview } from '@/server/services/interviews/create-interview';
import { CreateInterviewInputSchema, InterviewSchema } from '@/server/services/interviews/interview-schemas';
import { scopedProcedure } from '@/server/trpc';

export const createInterviewProcedure = scopedProcedure('interviews:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/interviews',
      tags: ['Interviews'],
      summary: 'Create an interview',
      description:
        'Scope interviews:write. With sendInvite (default) the interview starts INVITED and the invitation email is queued with it; otherwise DRAFT. Accepts Idempotency-Key.',
      successDescription: 'Created (HTTP 201)',
    },
    successStatus: 201,
  })
  .input(CreateInterviewInputSchema)
  .output(InterviewSchema)
  .mutation(({ ctx, input }) => createInterview(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
