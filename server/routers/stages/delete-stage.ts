import { z } from 'zod';
import { deleteStage } from '@/server/services/stages/delete-stage';
import { recruiterProcedure } from '@/server/trpc';

/** Dashboard only: a stage no interview uses; otherwise a 409 that says why. */
export const deleteStageProcedure = recruiterProcedure
  .input(z.strictObject({ id: z.string().min(1).max(100) }))
  .output(z.object({ id: z.string(), deleted: z.literal(true) }))
  .mutation(({ ctx, input }) => deleteStage(ctx.db, { orgId: ctx.orgId, id: input.id }));
