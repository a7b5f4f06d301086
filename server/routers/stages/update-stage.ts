import { updateStage } from '@/server/services/stages/update-stage';
import { UpdateStageInputSchema, StageSchema } from '@/server/services/stages/stage-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const updateStageProcedure = recruiterProcedure
  .input(UpdateStageInputSchema)
  .output(StageSchema)
  .mutation(({ ctx, input }) => updateStage(ctx.db, { orgId: ctx.orgId, ...input }));
