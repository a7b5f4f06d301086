import { router } from '@/server/trpc';
import { candidatesRouter } from './candidates/router';
import { dashboardRouter } from './dashboard/router';
import { interviewsRouter } from './interviews/router';

/** One router, two surfaces: the dashboard calls it through tRPC, REST v1 through trpc-to-openapi. */
export const appRouter = router({
  candidates: candidatesRouter,
  interviews: interviewsRouter,
  dashboard: dashboardRouter,
});

export type AppRouter = typeof appRouter;
