import { getStage } from '@/server/services/stages/get-stage';
import { GetStageInputSchema, StageSchema } from '@/server/services/stages/stage-schemas';
import { memberProcedure } from '@/server/trpc';

export const getStageProcedure = memberProcedure
  .input(GetStageInputSchema)
  .output(StageSchema)
  .query(({ ctx, input }) => getStage(ctx.db, { orgId: ctx.orgId, id: input.id }));
