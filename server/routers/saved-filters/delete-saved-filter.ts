import { z } from 'zod';
import { deleteSavedFilter } from '@/server/services/saved-filters/saved-filters';
import { memberProcedure } from '@/server/trpc';

/** Deletes one of the signed-in user's saved filters. */
export const deleteSavedFilterProcedure = memberProcedure
  .input(z.strictObject({ id: z.string().max(100) }))
  .output(z.object({ id: z.string() }))
  .mutation(async ({ ctx, input }) => {
    await deleteSavedFilter(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, id: input.id });
    return { id: input.id };
  });
