import { listInterviewConfigs } from '@/server/services/interview-configs/list-interview-configs';
import { ListInterviewConfigsInputSchema, InterviewConfigSchema } from '@/server/services/interview-configs/interview-config-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { memberProcedure } from '@/server/trpc';

export const listInterviewConfigsProcedure = memberProcedure
  .input(ListInterviewConfigsInputSchema)
  .output(paginatedSchema(InterviewConfigSchema))
  .query(({ ctx, input }) => listInterviewConfigs(ctx.db, { orgId: ctx.orgId, ...input }));
