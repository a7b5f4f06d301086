import { updateInterviewConfig } from '@/server/services/interview-configs/update-interview-config';
import { UpdateInterviewConfigInputSchema, InterviewConfigSchema } from '@/server/services/interview-configs/interview-config-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const updateInterviewConfigProcedure = recruiterProcedure
  .input(UpdateInterviewConfigInputSchema)
  .output(InterviewConfigSchema)
  .mutation(({ ctx, input }) => updateInterviewConfig(ctx.db, { orgId: ctx.orgId, ...input }));
