import { z } from 'zod';
import { listSavedFilters, SavedFilterListSchema, SavedFilterSchema } from '@/server/services/saved-filters/saved-filters';
import { memberProcedure } from '@/server/trpc';

/** The signed-in user's saved filters of one list. */
export const listSavedFiltersProcedure = memberProcedure
  .input(z.strictObject({ list: SavedFilterListSchema }))
  .output(z.array(SavedFilterSchema))
  .query(({ ctx, input }) => listSavedFilters(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, list: input.list }));
