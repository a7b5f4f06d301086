import type { DbExecutor } from '@/db/client';
import { z } from 'zod';
import { log } from '@/server/log';
import { AuditFilterShape } from '@/server/services/audit/audit-schemas';
import { exportAuditEvents } from '@/server/services/audit/export-audit-events';
import { auditActorOf, type AuditContext } from '@/server/services/audit/audit-actor';
import { exportCampaignResults, ExportQuerySchema } from '@/server/services/reports/export-campaign-results';
import { defineRoute, type DoorRoute } from './define-route';
import { textStream } from './text-stream';
import { roleRefusal } from '@/server/trpc';

export const DASHBOARD_EXPORT_PATH = '/api/dashboard/export';
export const AUDIT_EXPORT_PATH = '/api/dashboard/audit-export';

const AuditExportQuerySchema = z.strictObject(AuditFilterShape);

/**
 * The campaign export's two doors, one service, one stream, one error envelope:
 * - `GET /api/v1/reports/export` for an API key with `reports:read` (a plain route rather than a procedure:
 *   trpc-to-openapi can only answer JSON and cannot stream), rate limited like the rest of v1;
 * - `GET /api/dashboard/export` for a signed-in recruiter, whose organization comes from the session cookie, never
 *   from the query. It is a read without side effects, so it needs no CSRF header; the SameSite=Lax cookie is not
 *   sent on another site's subrequests, and a cross-site page could not read the answer.
 */
export const EXPORT_ROUTES: DoorRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/reports/export',
    kind: 'v1',
    auth: { apiKey: 'reports:read' },
    handle: ({ db, caller, url, headers, requestId }) => campaignExportResponse(db, url, { orgId: caller.orgId, headers, requestId, attachment: 'csv', audit: { actor: auditActorOf(caller), requestId } }),
  }),
  defineRoute({
    method: 'GET',
    path: DASHBOARD_EXPORT_PATH,
    kind: 'dashboard',
    auth: 'session',
    handle: ({ db, caller, url, headers, requestId }) => campaignExportResponse(db, url, { orgId: caller.orgId, headers, requestId, attachment: 'always', audit: { actor: auditActorOf(caller), requestId } }),
  }),
  // The organization's audit log as a CSV download for a signed-in admin: streamed, formula-safe, itself audited.
  defineRoute({
    method: 'GET',
    path: AUDIT_EXPORT_PATH,
    kind: 'dashboard',
    auth: 'session',
    handle: async ({ db, caller, url, headers, requestId }) => {
      // The audit log is the admins' (as auditEvents.list is): a recruiter or a viewer gets the same 403 as in tRPC.
      if (caller.role !== 'admin') throw roleRefusal('admin');
      const query = AuditExportQuerySchema.parse(Object.fromEntries(url.searchParams));
      const exported = await exportAuditEvents(db, { orgId: caller.orgId, audit: { actor: auditActorOf(caller), requestId }, ...query });
      return streamedDownload(exported, { headers, requestId, attachment: true });
    },
  }),
];

/**
 * The export's response for an authenticated caller of `orgId`: the query read from the URL, the service's stream,
 * its headers. `attachment` says which formats carry Content-Disposition: v1 names CSV files only; the dashboard
 * downloads both formats as files.
 */
async function campaignExportResponse(
  db: DbExecutor,
  url: URL,
  options: { orgId: string; headers: Headers; requestId: string; attachment: 'csv' | 'always'; audit: AuditContext },
): Promise<Response> {
  const { headers, requestId } = options;
  const query = ExportQuerySchema.parse(Object.fromEntries(url.searchParams));
  const exported = await exportCampaignResults(db, { orgId: options.orgId, audit: options.audit, ...query });
  return streamedDownload(exported, { headers, requestId, attachment: query.format !== 'json' || options.attachment === 'always' });
}

/** A service's streamed export as the response: its type, no caching, a file name when it is a download. */
function streamedDownload(
  exported: { contentType: string; fileName: string; body: AsyncGenerator<string> },
  options: { headers: Headers; requestId: string; attachment: boolean },
): Response {
  const { headers, requestId } = options;
  headers.set('Content-Type', exported.contentType);
  headers.set('Cache-Control', 'no-store');
  if (options.attachment) headers.set('Content-Disposition', `attachment; filename="${exported.fileName}"`);
  const body = textStream(exported.body, (error) => log.error({ err: error, requestId }, 'export failed while streaming; the response was cut short'));
  return new Response(body, { status: 200, headers });
}
