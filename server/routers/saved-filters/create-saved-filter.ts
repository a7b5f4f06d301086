import { createSavedFilter, CreateSavedFilterInputSchema, SavedFilterSchema } from '@/server/services/saved-filters/saved-filters';
import { memberProcedure } from '@/server/trpc';

/** Saves the list's current filters and sort under a name, for the signed-in user only. */
export const createSavedFilterProcedure = memberProcedure
  .input(CreateSavedFilterInputSchema)
  .output(SavedFilterSchema)
  .mutation(({ ctx, input }) => createSavedFilter(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, ...input }));
