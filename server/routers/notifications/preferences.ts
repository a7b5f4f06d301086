import { NotificationPreferencesSchema, SetNotificationPreferenceInputSchema } from '@/server/services/notifications/notification-schemas';
import { getNotificationPreferences, setNotificationPreference } from '@/server/services/notifications/preferences';
import { memberProcedure } from '@/server/trpc';

/** The caller's own choice of email per notification kind. */
export const getNotificationPreferencesProcedure = memberProcedure
  .output(NotificationPreferencesSchema)
  .query(({ ctx }) => getNotificationPreferences(ctx.db, { userId: ctx.principal.userId }));

export const setNotificationPreferenceProcedure = memberProcedure
  .input(SetNotificationPreferenceInputSchema)
  .output(NotificationPreferencesSchema)
  .mutation(({ ctx, input }) => setNotificationPreference(ctx.db, { userId: ctx.principal.userId, ...input }));
