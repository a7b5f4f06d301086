import { isSessionActive } from '@/server/services/auth/get-session-principal';
import { watchNotifications } from '@/server/services/notifications/list-notifications';
import { memberProcedure } from '@/server/trpc';

/** Server-sent events: the bell's unread count, live (see watchNotifications). */
export const watchNotificationsProcedure = memberProcedure.subscription(({ ctx, signal }) =>
  watchNotifications(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, signal, isStillAllowed: () => isSessionActive(ctx.db, ctx.principal.sessionId) }),
);
