import { z } from 'zod';
import { CANDIDATE_SORTS, listCandidates } from '@/server/services/candidates/list-candidates';
import { CandidateSchema } from '@/server/services/candidates/candidate-schemas';
import { PaginationInputShape, paginatedSchema } from '@/server/services/pagination';
import { memberProcedure } from '@/server/trpc';

export const ListCandidateRowsInputSchema = z.strictObject({
  ...PaginationInputShape,
  search: z.string().max(200, 'Must be at most 200 characters').optional(),
  tags: z.array(z.string().max(50)).max(50).optional(),
  sort: z.enum(CANDIDATE_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** The candidates table: REST v1's list (same filters and service) with the dashboard's column sorting. */
export const listCandidateRowsProcedure = memberProcedure
  .input(ListCandidateRowsInputSchema)
  .output(paginatedSchema(CandidateSchema))
  .query(({ ctx, input }) => listCandidates(ctx.db, { orgId: ctx.orgId, ...input }));
