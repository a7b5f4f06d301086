import { AwaitingDecisionInputSchema, AwaitingDecisionPageSchema, listAwaitingDecision } from '@/server/services/analytics/awaiting-decision';
import { scopedProcedure } from '@/server/trpc';

/** REST v1 (scope reports:read) and the dashboard overview's "Awaiting your decision" card (every role). */
export const listAwaitingDecisionProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/analytics/awaiting-decision',
      tags: ['Analytics'],
      summary: 'Completed interviews awaiting a decision, oldest first',
      description:
        "Scope reports:read. Completed interviews with no current decision (ADVANCE, HOLD or REJECT), demo interviews excluded, oldest completion first, with the score that counts: a person's review where there is one, else the AI's (scoreSource says which). Optional campaignId and jobId (another organization's id is a 404); paginated.",
    },
  })
  .input(AwaitingDecisionInputSchema)
  .output(AwaitingDecisionPageSchema)
  .query(({ ctx, input }) =>
    listAwaitingDecision(ctx.db, { orgId: ctx.orgId, ...input, viewerUserId: ctx.principal.kind === 'recruiter' ? ctx.principal.userId : null }),
  );
