import { ListNotificationsInputSchema, ListNotificationsOutputSchema } from '@/server/services/notifications/notification-schemas';
import { listNotifications } from '@/server/services/notifications/list-notifications';
import { memberProcedure } from '@/server/trpc';

export const listNotificationsProcedure = memberProcedure
  .input(ListNotificationsInputSchema)
  .output(ListNotificationsOutputSchema)
  .query(({ ctx, input }) => listNotifications(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, limit: input.limit }));
