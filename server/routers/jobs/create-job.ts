import { createJob } from '@/server/services/jobs/create-job';
import { CreateJobInputSchema, JobSchema } from '@/server/services/jobs/job-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const createJobProcedure = recruiterProcedure
  .input(CreateJobInputSchema)
  .output(JobSchema)
  .mutation(({ ctx, input }) => createJob(ctx.db, { orgId: ctx.orgId, ...input }));
