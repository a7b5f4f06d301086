import { getJob } from '@/server/services/jobs/get-job';
import { GetJobInputSchema, JobSchema } from '@/server/services/jobs/job-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const getJobProcedure = recruiterProcedure
  .input(GetJobInputSchema)
  .output(JobSchema)
  .query(({ ctx, input }) => getJob(ctx.db, { orgId: ctx.orgId, id: input.id }));
