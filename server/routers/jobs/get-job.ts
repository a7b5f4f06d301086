import { getJob } from '@/server/services/jobs/get-job';
import { GetJobInputSchema, JobSchema } from '@/server/services/jobs/job-schemas';
import { memberProcedure } from '@/server/trpc';

export const getJobProcedure = memberProcedure
  .input(GetJobInputSchema)
  .output(JobSchema)
  .query(({ ctx, input }) => getJob(ctx.db, { orgId: ctx.orgId, id: input.id }));
