import { SetWatchingInputSchema, WatchStateSchema, WatchTargetInputSchema } from '@/server/services/notifications/notification-schemas';
import { getWatchState, setWatching } from '@/server/services/notifications/watchers';
import { memberProcedure } from '@/server/trpc';

/** Whether the caller watches an interview or a campaign of their organization (404 otherwise). */
export const getWatchStateProcedure = memberProcedure
  .input(WatchTargetInputSchema)
  .output(WatchStateSchema)
  .query(({ ctx, input }) => getWatchState(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, ...input }));

export const setWatchingProcedure = memberProcedure
  .input(SetWatchingInputSchema)
  .output(WatchStateSchema)
  .mutation(({ ctx, input }) => setWatching(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, ...input }));
