import { createCandidate } from '@/server/services/candidates/create-candidate';
import { CandidateSchema, CreateCandidateInputSchema } from '@/server/services/candidates/candidate-schemas';
import { scopedProcedure } from '@/server/trpc';

export const createCandidateProcedure = scopedProcedure('candidates:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/candidates',
      tags: ['Candidates'],
      summary: 'Create a candidate',
      description: 'Scope candidates:write. 409 CONFLICT with existingId when the email is taken (case-insensitive). Accepts Idempotency-Key.',
      successDescription: 'Created (HTTP 201)',
    },
    successStatus: 201,
  })
  .input(CreateCandidateInputSchema)
  .output(CandidateSchema)
  .mutation(({ ctx, input }) => createCandidate(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
