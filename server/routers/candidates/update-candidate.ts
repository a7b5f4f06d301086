import { updateCandidate } from '@/server/services/candidates/update-candidate';
import { CandidateSchema, UpdateCandidateInputSchema } from '@/server/services/candidates/candidate-schemas';
import { scopedProcedure } from '@/server/trpc';

/**
 * The spec gives candidates:write "creating and updating candidates" without an update route: this is it, on
 * both surfaces (the dashboard's edit form and PATCH /api/v1/candidates/{id}), with the create rules.
 */
export const updateCandidateProcedure = scopedProcedure('candidates:write')
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/candidates/{id}',
      tags: ['Candidates'],
      summary: 'Update a candidate',
      errorResponses: { 409: 'The new email belongs to another candidate of the organization; `existingId` names them.' },
      description:
        'Scope candidates:write. Partial update with the create rules: absent fields are unchanged, null clears an optional field, tags replaces the whole set. An empty body is 400. 409 CONFLICT with existingId when the new email belongs to another candidate.',
    },
  })
  .input(UpdateCandidateInputSchema)
  .output(CandidateSchema)
  .mutation(({ ctx, input }) => updateCandidate(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
