import { z } from 'zod';
import { listInterviews } from '@/server/services/interviews/list-interviews';
import { InterviewSchema, InterviewStatusSchema } from '@/server/services/interviews/interview-schemas';
import { PaginationInputShape, paginatedSchema } from '@/server/services/pagination';
import { scopedProcedure } from '@/server/trpc';

export const ListInterviewsInputSchema = z.strictObject({
  ...PaginationInputShape,
  status: InterviewStatusSchema.optional().describe('One of DRAFT, INVITED, IN_PROGRESS, COMPLETED, CANCELLED, EXPIRED.'),
  jobId: z.string().max(100).optional().describe('Filter by job posting.'),
  campaignId: z.string().max(100).optional().describe('Filter by hiring process.'),
});

export const listInterviewsProcedure = scopedProcedure('interviews:read')
  .meta({
    openapi: { method: 'GET', path: '/interviews', tags: ['Interviews'], summary: "List the organization's interviews", description: 'Newest first. Scope interviews:read.' },
  })
  .input(ListInterviewsInputSchema)
  .output(paginatedSchema(InterviewSchema))
  .query(({ ctx, input }) => listInterviews(ctx.db, { orgId: ctx.orgId, ...input }));
