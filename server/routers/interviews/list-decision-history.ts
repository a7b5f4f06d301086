import { z } from 'zod';
import { DecisionHistoryEntrySchema } from '@/server/services/decisions/decision-schemas';
import { listDecisionHistory } from '@/server/services/decisions/list-decision-history';
import { memberProcedure } from '@/server/trpc';

/** Dashboard only: every decision on the interview, newest (current) first. */
export const listDecisionHistoryProcedure = memberProcedure
  .input(z.strictObject({ id: z.string().min(1).max(100) }))
  .output(z.array(DecisionHistoryEntrySchema))
  .query(({ ctx, input }) => listDecisionHistory(ctx.db, { orgId: ctx.orgId, interviewId: input.id }));
