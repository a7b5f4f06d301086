import { ErasureRequestSchema, ListErasureRequestsInputSchema, listErasureRequestsPage } from '@/server/services/data-rights/erasure-requests';
import { paginatedSchema } from '@/server/services/pagination';
import { scopedProcedure } from '@/server/trpc';

/** REST v1: the organization's erasure requests and their 30-day clock (CONTRACT §12, data rights). */
export const listErasureRequestsProcedure = scopedProcedure('candidates:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/erasure-requests',
      tags: ['Candidates'],
      summary: "List the organization's erasure requests",
      description:
        'Scope candidates:read. Each request: when the candidate asked (`receivedAt`), when it is due (`dueAt`, 30 days later) and when the erasure completed it (`completedAt`, null while open). Open requests first, the closest deadline first, then completed ones, latest first. Filters: `status` (open, completed), `candidateId` (still answers after the candidate was erased: the id is kept as an anonymous key). Paginated like every list.',
    },
  })
  .input(ListErasureRequestsInputSchema)
  .output(paginatedSchema(ErasureRequestSchema))
  .query(({ ctx, input }) => listErasureRequestsPage(ctx.db, { orgId: ctx.orgId, ...input }));
