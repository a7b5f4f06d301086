import { z } from 'zod';
import { eraseCandidate } from '@/server/services/data-rights/erase-candidate';
import { scopedProcedure } from '@/server/trpc';

export const EraseCandidateInputSchema = z.strictObject({ id: z.string().describe('Candidate id (cnd_…).') });

/** GDPR Art. 17 on both surfaces: DELETE /api/v1/candidates/{id} and the dashboard's erase action. */
export const eraseCandidateProcedure = scopedProcedure('candidates:write', { sessionRole: 'admin' })
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/candidates/{id}',
      tags: ['Candidates'],
      summary: 'Erase a candidate (GDPR)',
      description:
        "Scope candidates:write. Cancels the candidate's open interviews and removes their personal data everywhere: profile, transcripts, evaluations' text, report summaries, audio, emails, stored request bodies. Interviews and reports remain as anonymous records (candidate null in retrieve). Afterwards every read of the candidate is 404 and the email may be used again; a second DELETE is 404. Answers 204 without a body.",
      successDescription: 'Erased (HTTP 204, no body)',
    },
    successStatus: 204,
  })
  .input(EraseCandidateInputSchema)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await eraseCandidate(ctx.db, { orgId: ctx.orgId, id: input.id, audit: ctx.audit });
  });
