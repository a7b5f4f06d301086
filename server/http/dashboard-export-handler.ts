import { getDb } from '@/db/client';
import { AppError } from '@/server/errors';
import { getSessionPrincipal } from '@/server/services/auth/get-session-principal';
import { campaignExportResponse } from './reports-export-handler';
import { errorResponse, newRequestId } from './respond';
import { readSessionToken } from './session-cookie';

export const DASHBOARD_EXPORT_PATH = '/api/dashboard/export';

/**
 * GET /api/dashboard/export: the v1 export (same query, same service, same stream and error envelope) for a
 * signed-in recruiter, whose organization comes from the session cookie, never from the query. API keys open
 * nothing here, as on the dashboard's tRPC. It is a read without side effects, so it needs no CSRF header; the
 * SameSite=Lax cookie is not sent on another site's subrequests, and a cross-site page could not read the answer.
 */
export async function handleDashboardExportRequest(req: Request): Promise<Response> {
  const requestId = newRequestId();
  const headers = new Headers({ 'X-Request-Id': requestId });
  const db = getDb();
  try {
    const principal = await getSessionPrincipal(db, readSessionToken(req.headers));
    if (!principal) throw new AppError('UNAUTHORIZED', 'Sign in to export');
    return await campaignExportResponse(db, req, { orgId: principal.orgId, headers, requestId, attachment: 'always' });
  } catch (error) {
    return errorResponse(error, requestId, headers);
  }
}
