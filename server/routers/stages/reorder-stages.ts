import { z } from 'zod';
import { reorderStages } from '@/server/services/stages/reorder-stages';
import { ReorderStagesInputSchema, StageSchema } from '@/server/services/stages/stage-schemas';
import { recruiterProcedure } from '@/server/trpc';

export const reorderStagesProcedure = recruiterProcedure
  .input(ReorderStagesInputSchema)
  .output(z.array(StageSchema))
  .mutation(({ ctx, input }) => reorderStages(ctx.db, { orgId: ctx.orgId, ...input }));
