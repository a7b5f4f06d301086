import { listInterviewRows } from '@/server/services/dashboard/list-interview-rows';
import { InterviewRowPageSchema, ListInterviewRowsInputSchema } from '@/server/services/dashboard/dashboard-schemas';
import { memberProcedure } from '@/server/trpc';

/** The interviews table: REST v1's list plus candidate search, oldest-first order and names for the ids. */
export const listInterviewRowsProcedure = memberProcedure
  .input(ListInterviewRowsInputSchema)
  .output(InterviewRowPageSchema)
  .query(({ ctx, input }) => {
    const { search, ...filters } = input;
    return listInterviewRows(ctx.db, { orgId: ctx.orgId, ...filters, candidateSearch: search, viewerUserId: ctx.principal.userId });
  });
