import { z } from 'zod';
import { listCandidates } from '@/server/services/candidates/list-candidates';
import { CandidateSchema } from '@/server/services/candidates/candidate-schemas';
import { PaginationInputShape, paginatedSchema } from '@/server/services/pagination';
import { scopedProcedure } from '@/server/trpc';

export const ListCandidatesInputSchema = z.strictObject({
  ...PaginationInputShape,
  search: z.string().max(200, 'Must be at most 200 characters').optional().describe('Words in any order, each a case-insensitive substring of the first name, the last name or the email: "garcia sofia" finds Sofia Garcia.'),
  jobId: z.string().max(100).optional().describe('Only candidates with an interview for this job posting.'),
  campaignId: z.string().max(100).optional().describe('Only candidates with an interview in this campaign (cmp_…).'),
  tags: z
    .string()
    .max(2000)
    .optional()
    .describe('Comma-separated tags; only candidates having all of them.'),
});

export const ListCandidatesOutputSchema = paginatedSchema(CandidateSchema);

export const listCandidatesProcedure = scopedProcedure('candidates:read')
  .meta({
    openapi: { method: 'GET', path: '/candidates', tags: ['Candidates'], summary: "List the organization's candidates", description: 'Newest first. Scope candidates:read.' },
  })
  .input(ListCandidatesInputSchema)
  .output(ListCandidatesOutputSchema)
  .query(({ ctx, input }) =>
    listCandidates(ctx.db, {
      orgId: ctx.orgId,
      page: input.page,
      pageSize: input.pageSize,
      search: input.search,
      jobId: input.jobId,
      campaignId: input.campaignId,
      tags: input.tags?.split(',').map((t) => t.trim()).filter(Boolean),
    }),
  );
