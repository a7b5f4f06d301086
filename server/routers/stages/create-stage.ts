import { createStage } from '@/server/services/stages/create-stage';
import { CreateStageInputSchema, StageSchema } from '@/server/services/stages/stage-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const createStageProcedure = recruiterProcedure
  .input(CreateStageInputSchema)
  .output(StageSchema)
  .mutation(({ ctx, input }) => createStage(ctx.db, { orgId: ctx.orgId, ...input }));
