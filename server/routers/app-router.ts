import { router } from '@/server/trpc';
import { candidatesRouter } from './candidates/router';
import { interviewsRouter } from './interviews/router';
import { reportsRouter } from './reports/router';
import { testSessionsRouter } from './test-sessions/router';

/** One router, two surfaces: the dashboard calls it through tRPC, REST v1 through trpc-to-openapi. */
export const appRouter = router({
  candidates: candidatesRouter,
  interviews: interviewsRouter,
  reports: reportsRouter,
  testSessions: testSessionsRouter,
});

export type AppRouter = typeof appRouter;
