import { router } from '@/server/trpc';
import { recordTestSessionProcedure } from './record-test-session';

export const testSessionsRouter = router({
  record: recordTestSessionProcedure,
});
