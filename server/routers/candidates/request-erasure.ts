import { ErasureRequestSchema, RecordErasureRequestInputSchema, recordErasureRequest } from '@/server/services/data-rights/erasure-requests';
import { scopedProcedure } from '@/server/trpc';

/** Records a candidate's erasure request (the 30-day clock); DELETE /candidates/{id} completes it. */
export const requestErasureProcedure = scopedProcedure('candidates:write', { sessionRole: 'admin' })
  .meta({
    openapi: {
      method: 'POST',
      path: '/candidates/{id}/erasure-requests',
      tags: ['Candidates'],
      summary: "Record a candidate's erasure request",
      description:
        'Scope candidates:write. Records when the candidate asked to be erased (`receivedAt`, default now): the organization has 30 days to answer (`dueAt`), and Settings shows the clock. DELETE /candidates/{id} completes the request (`completedAt`). A request already open for the candidate is returned unchanged.',
    },
  })
  .input(RecordErasureRequestInputSchema)
  .output(ErasureRequestSchema)
  .mutation(({ ctx, input }) => recordErasureRequest(ctx.db, { orgId: ctx.orgId, id: input.id, receivedAt: input.receivedAt, audit: ctx.audit }));
