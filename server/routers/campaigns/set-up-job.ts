import { setUpJob } from '@/server/services/campaigns/set-up-job';
import { SetUpJobInputSchema, SetUpJobOutputSchema } from '@/server/services/campaigns/set-up-job-schemas';
import { recruiterProcedure } from '@/server/trpc';

/** "New job": the job, its question set and its campaign in one step. */
export const setUpJobProcedure = recruiterProcedure
  .input(SetUpJobInputSchema)
  .output(SetUpJobOutputSchema)
  .mutation(({ ctx, input }) => setUpJob(ctx.db, { orgId: ctx.orgId, creatorId: ctx.principal.userId, ...input }));
