import { actorOf } from '@/server/auth/actor';
import { decideInterview } from '@/server/services/decisions/decide-interview';
import { DecideInterviewInputSchema } from '@/server/services/decisions/decision-schemas';
import { InterviewSchema } from '@/server/services/interviews/interview-schemas';
import { scopedProcedure } from '@/server/trpc';

/** One procedure for both surfaces: the recruiter's buttons on the interview page and REST v1. */
export const decideInterviewProcedure = scopedProcedure('interviews:write')
  .meta({
    openapi: {
      method: 'POST',
      path: '/interviews/{id}/decision',
      tags: ['Interviews'],
      summary: 'Decide on an interview',
      description:
        'Scope interviews:write. A person (or a client acting for one) records ADVANCE, HOLD or REJECT with an optional reason (at most 2,000 characters) on a COMPLETED interview; any other status is 409. Deciding again replaces the decision (the earlier ones are kept as history). Nothing in the service ever decides by itself; the AI report is advice.',
      errorResponses: { 409: 'The interview is not COMPLETED.' },
    },
  })
  .input(DecideInterviewInputSchema)
  .output(InterviewSchema)
  .mutation(({ ctx, input }) =>
    decideInterview(ctx.db, { orgId: ctx.orgId, id: input.id, status: input.status, reason: input.reason ?? null, actor: actorOf(ctx.principal), requestId: ctx.requestId, notifyCandidate: input.notifyCandidate ?? false }),
  );
