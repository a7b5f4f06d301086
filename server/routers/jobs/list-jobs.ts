import { listJobs } from '@/server/services/jobs/list-jobs';
import { ListJobsInputSchema, JobSchema } from '@/server/services/jobs/job-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { memberProcedure } from '@/server/trpc';

export const listJobsProcedure = memberProcedure
  .input(ListJobsInputSchema)
  .output(paginatedSchema(JobSchema))
  .query(({ ctx, input }) => listJobs(ctx.db, { orgId: ctx.orgId, ...input }));
