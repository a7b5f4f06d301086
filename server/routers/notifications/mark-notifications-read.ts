import { z } from 'zod';
import { MarkNotificationsReadInputSchema } from '@/server/services/notifications/notification-schemas';
import { markNotificationsRead } from '@/server/services/notifications/list-notifications';
import { memberProcedure } from '@/server/trpc';

/** One, several or all of the caller's own notifications; anyone else's ids change nothing. */
export const markNotificationsReadProcedure = memberProcedure
  .input(MarkNotificationsReadInputSchema)
  .output(z.object({ unread: z.number().int() }))
  .mutation(({ ctx, input }) => markNotificationsRead(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, ids: 'ids' in input ? input.ids : undefined }));
