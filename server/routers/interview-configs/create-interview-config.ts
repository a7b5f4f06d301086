import { createInterviewConfig } from '@/server/services/interview-configs/create-interview-config';
import { CreateInterviewConfigInputSchema, InterviewConfigSchema } from '@/server/services/interview-configs/interview-config-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const createInterviewConfigProcedure = recruiterProcedure
  .input(CreateInterviewConfigInputSchema)
  .output(InterviewConfigSchema)
  .mutation(({ ctx, input }) => createInterviewConfig(ctx.db, { orgId: ctx.orgId, ...input }));
