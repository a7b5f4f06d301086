import { router } from '@/server/trpc';
import { analyticsRouter } from './analytics/router';
import { apiKeysRouter } from './api-keys/router';
import { auditEventsRouter } from './audit-events/router';
import { bulkRouter } from './bulk/router';
import { campaignsRouter } from './campaigns/router';
import { candidatesRouter } from './candidates/router';
import { interviewConfigsRouter } from './interview-configs/router';
import { dashboardRouter } from './dashboard/router';
import { fairnessRouter } from './fairness/router';
import { interviewsRouter } from './interviews/router';
import { jobsRouter } from './jobs/router';
import { mailboxRouter } from './mailbox/router';
import { notesRouter } from './notes/router';
import { notificationsRouter } from './notifications/router';
import { stagesRouter } from './stages/router';
import { teamRouter } from './team/router';
import { reportsRouter } from './reports/router';
import { savedFiltersRouter } from './saved-filters/router';
import { searchRouter } from './search/router';
import { integrationsRouter } from './integrations/router';
import { settingsRouter } from './settings/router';
import { testSessionsRouter } from './test-sessions/router';
import { webhooksRouter } from './webhooks/router';

/** One router, two surfaces: the dashboard calls it through tRPC, REST v1 through trpc-to-openapi. */
export const appRouter = router({
  candidates: candidatesRouter,
  interviews: interviewsRouter,
  jobs: jobsRouter,
  campaigns: campaignsRouter,
  stages: stagesRouter,
  interviewConfigs: interviewConfigsRouter,
  apiKeys: apiKeysRouter,
  reports: reportsRouter,
  testSessions: testSessionsRouter,
  dashboard: dashboardRouter,
  mailbox: mailboxRouter,
  settings: settingsRouter,
  integrations: integrationsRouter,
  webhooks: webhooksRouter,
  auditEvents: auditEventsRouter,
  team: teamRouter,
  notes: notesRouter,
  notifications: notificationsRouter,
  bulk: bulkRouter,
  search: searchRouter,
  savedFilters: savedFiltersRouter,
  analytics: analyticsRouter,
  fairness: fairnessRouter,
});

export type AppRouter = typeof appRouter;
