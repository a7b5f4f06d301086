import { getInterviewConfig } from '@/server/services/interview-configs/get-interview-config';
import { GetInterviewConfigInputSchema, InterviewConfigSchema } from '@/server/services/interview-configs/interview-config-schemas';
import { memberProcedure } from '@/server/trpc';

export const getInterviewConfigProcedure = memberProcedure
  .input(GetInterviewConfigInputSchema)
  .output(InterviewConfigSchema)
  .query(({ ctx, input }) => getInterviewConfig(ctx.db, { orgId: ctx.orgId, id: input.id }));
