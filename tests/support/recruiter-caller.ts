import type { Database } from '@/db/client';
import type { UserRole } from '@/db/schema';
import { newId } from '@/server/ids';
import { appRouter } from '@/server/routers/app-router';
import { createCallerFactory, createContextInner } from '@/server/trpc';

const createCaller = createCallerFactory(appRouter);

/**
 * The app router as a signed-in user of `orgId` calls it from the dashboard (no HTTP, same procedures). An admin
 * unless `role` says otherwise, so tests written before roles keep their meaning.
 */
export function recruiterCaller(db: Database, orgId: string, role: UserRole = 'admin', userId = newId('user')) {
  return createCaller(
    createContextInner({ db, requestId: `req_${newId('session').slice(4)}`, principal: { kind: 'recruiter', orgId, userId, sessionId: newId('session'), role } }),
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
