import { z } from 'zod';
import { getCandidate } from '@/server/services/candidates/get-candidate';
import { CandidateSchema } from '@/server/services/candidates/candidate-schemas';
import { scopedProcedure } from '@/server/trpc';

export const GetCandidateInputSchema = z.strictObject({ id: z.string().describe('Candidate id (cnd_…).') });

export const getCandidateProcedure = scopedProcedure('candidates:read')
  .meta({ openapi: { method: 'GET', path: '/candidates/{id}', tags: ['Candidates'], summary: 'Retrieve a candidate', description: 'Scope candidates:read.' } })
  .input(GetCandidateInputSchema)
  .output(CandidateSchema)
  .query(({ ctx, input }) => getCandidate(ctx.db, { orgId: ctx.orgId, id: input.id }));
