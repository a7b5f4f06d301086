import { listStages } from '@/server/services/stages/list-stages';
import { ListStagesInputSchema, StageSchema } from '@/server/services/stages/stage-schemas';
import { paginatedSchema } from '@/server/services/pagination';
import { memberProcedure } from '@/server/trpc';

export const listStagesProcedure = memberProcedure
  .input(ListStagesInputSchema)
  .output(paginatedSchema(StageSchema))
  .query(({ ctx, input }) => listStages(ctx.db, { orgId: ctx.orgId, ...input }));
