import type { DbExecutor } from '@/db/client';
import { auditActorOf, type AuditContext } from '@/server/services/audit/audit-actor';
import { explainInterview } from '@/server/services/explanations/explain-interview';
import { defineRoute, type DoorRoute } from './define-route';

export const DASHBOARD_EXPLANATION_PATH = '/api/dashboard/interviews/:id/explanation';

/**
 * An interview's explanation document (issue 23; EU AI Act Art. 86, GDPR Art. 15(1)(h)) as a download, HTML or
 * PDF, in the candidate's language or the one asked: `GET /api/v1/interviews/:id/explanation` for an API key with
 * `reports:read` (a plain route: trpc-to-openapi answers JSON only), and the dashboard's twin for a signed-in
 * member, whose organization comes from the session.
 */
export const EXPLANATION_ROUTES: DoorRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/interviews/:id/explanation',
    kind: 'v1',
    auth: { apiKey: 'reports:read' },
    handle: ({ db, caller, url, params, headers, requestId }) => explanationResponse(db, url, { orgId: caller.orgId, interviewId: params.id, headers, audit: { actor: auditActorOf(caller), requestId } }),
  }),
  defineRoute({
    method: 'GET',
    path: DASHBOARD_EXPLANATION_PATH,
    kind: 'dashboard',
    auth: 'session',
    handle: ({ db, caller, url, params, headers, requestId }) => explanationResponse(db, url, { orgId: caller.orgId, interviewId: params.id, headers, audit: { actor: auditActorOf(caller), requestId } }),
  }),
];

async function explanationResponse(db: DbExecutor, url: URL, options: { orgId: string; interviewId: string; headers: Headers; audit: AuditContext }): Promise<Response> {
  const query = Object.fromEntries(url.searchParams);
  const file = await explainInterview(db, { orgId: options.orgId, interviewId: options.interviewId, audit: options.audit, ...query });
  const { headers } = options;
  headers.set('Content-Type', file.contentType);
  headers.set('Content-Language', file.language);
  headers.set('Cache-Control', 'no-store');
  headers.set('Content-Disposition', `attachment; filename="${file.fileName}"`);
  // The HTML is a document to keep, not a page of this site: no script or outside resource may run in it.
  headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return new Response(typeof file.body === 'string' ? file.body : new Uint8Array(file.body), { status: 200, headers });
}
