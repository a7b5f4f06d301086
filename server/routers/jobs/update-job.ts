import { updateJob } from '@/server/services/jobs/update-job';
import { UpdateJobInputSchema, JobSchema } from '@/server/services/jobs/job-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const updateJobProcedure = recruiterProcedure
  .input(UpdateJobInputSchema)
  .output(JobSchema)
  .mutation(({ ctx, input }) => updateJob(ctx.db, { orgId: ctx.orgId, ...input }));
