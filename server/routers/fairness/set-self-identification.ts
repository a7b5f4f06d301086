import { z } from 'zod';
import { recordSelfIdentification } from '@/server/services/fairness/self-identification';
import { SetSelfIdentificationInputSchema } from '@/server/services/fairness/self-identification-schemas';
import { scopedProcedure } from '@/server/trpc';

/** CONTRACT §14: for an ATS that already collects it. Write-only: no route ever reads it back but the access export. */
export const setSelfIdentificationProcedure = scopedProcedure('candidates:write')
  .meta({
    openapi: {
      method: 'PUT',
      path: '/candidates/{id}/self-identification',
      tags: ['Candidates'],
      summary: "Record a candidate's voluntary self-identification (bias audit)",
      description:
        'Scope candidates:write. Stores the answers apart from the candidate: `sex` (female, male), `raceEthnicity` (hispanic_latino, white, black_african_american, native_hawaiian_pacific_islander, asian, american_indian_alaska_native, two_or_more), each also "declined" (prefer not to say) or null (unanswered, clears an earlier answer); an absent field is left as it is, and at least one is required. Never returned by any candidate, interview, report, export or webhook payload, never given to a model: it exists only in GET /analytics/bias-audit\'s aggregates and in the candidate\'s own access export (GET /candidates/{id}/export); erasure removes it. 409 CONFLICT while the organization has not switched collection on (dashboard Settings). Answers 204 without a body.',
      errorResponses: { 409: 'The organization has not switched collection of self-identification on.' },
      successDescription: 'Recorded (HTTP 204, no body)',
    },
    successStatus: 204,
  })
  .input(SetSelfIdentificationInputSchema)
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    const { id, ...answers } = input;
    await recordSelfIdentification(ctx.db, { orgId: ctx.orgId, candidateId: id, answers, source: 'api', audit: ctx.audit });
  });
