import { GlobalSearchInputSchema, GlobalSearchOutputSchema, globalSearch } from '@/server/services/search/global-search';
import { memberProcedure } from '@/server/trpc';

/** The dashboard header's search. */
export const globalSearchProcedure = memberProcedure
  .input(GlobalSearchInputSchema)
  .output(GlobalSearchOutputSchema)
  .query(({ ctx, input }) => globalSearch(ctx.db, { orgId: ctx.orgId, query: input.query }));
