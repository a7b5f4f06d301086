import { router } from '@/server/trpc';
import { listNotificationsProcedure } from './list-notifications';
import { markNotificationsReadProcedure } from './mark-notifications-read';
import { getNotificationPreferencesProcedure, setNotificationPreferenceProcedure } from './preferences';
import { watchNotificationsProcedure } from './watch-notifications';
import { getWatchStateProcedure, setWatchingProcedure } from './watching';

/** Dashboard only: the signed-in user's notifications, their email preferences, what they watch. */
export const notificationsRouter = router({
  list: listNotificationsProcedure,
  markRead: markNotificationsReadProcedure,
  live: watchNotificationsProcedure,
  preferences: getNotificationPreferencesProcedure,
  setPreference: setNotificationPreferenceProcedure,
  watching: getWatchStateProcedure,
  setWatching: setWatchingProcedure,
});
