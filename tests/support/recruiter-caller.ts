import type { Database } from '@/db/client';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { createCallerFactory, createContextInner } from '@/server/trpc';

const createCaller = createCallerFactory(appRouter);

/** The app router as a signed-in recruiter of `orgId` calls it from the dashboard (no HTTP, same procedures). */
export function recruiterCaller(db: Database, orgId: string) {
  return createCaller(
    createContextInner({ db, requestId: `req_${newId('session').slice(4)}`, principal: { kind: 'recruiter', orgId, userId: newId('user'), sessionId: newId('session') } }),
  );
}

/** The app router as an API key with every scope calls it: dashboard-only procedures must refuse it. */
export function apiKeyCaller(db: Database, orgId: string) {
  return createCaller(
    createContextInner({
      db,
      requestId: 'req_apikeycaller',
      principal: { kind: 'apiKey', orgId, apiKeyId: newId('apiKey'), scopes: ['interviews:read', 'interviews:write', 'reports:read', 'candidates:read', 'candidates:write'] },
    }),
  );
}
