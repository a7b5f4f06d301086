import { getDb, type DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { exportCampaignResults, ExportQuerySchema } from '@/server/services/reports/export-campaign-results';
import { authenticateV1Request } from './authenticate-v1-request';
import { errorResponse, newRequestId } from './respond';
import { textStream } from './text-stream';

/**
 * GET /api/v1/reports/export: a plain route handler rather than a procedure, because trpc-to-openapi can only
 * answer JSON and cannot stream. Same authentication, rate limit, scope and error envelope as the rest of v1.
 */
export async function handleReportsExportRequest(req: Request): Promise<Response> {
  const requestId = newRequestId();
  const headers = new Headers({ 'X-Request-Id': requestId });
  const db = getDb();
  try {
    const principal = await authenticateV1Request(db, req, headers, 'reports:read');
    return await campaignExportResponse(db, req, { orgId: principal.orgId, headers, requestId, attachment: 'csv' });
  } catch (error) {
    return errorResponse(error, requestId, headers);
  }
}

/**
 * The export's response for an authenticated caller of `orgId`, whichever door they came through (an API key
 * here, a recruiter session in dashboard-export-handler): the query read from the URL, the service's stream,
 * its headers. `attachment` says which formats carry Content-Disposition: v1 names CSV files only; the dashboard
 * downloads both formats as files.
 */
export async function campaignExportResponse(
  db: DbExecutor,
  req: Request,
  options: { orgId: string; headers: Headers; requestId: string; attachment: 'csv' | 'always' },
): Promise<Response> {
  const { headers, requestId } = options;
  const query = ExportQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const exported = await exportCampaignResults(db, { orgId: options.orgId, ...query });
  headers.set('Content-Type', exported.contentType);
  headers.set('Cache-Control', 'no-store');
  if (query.format === 'csv' || options.attachment === 'always') headers.set('Content-Disposition', `attachment; filename="${exported.fileName}"`);
  const body = textStream(exported.body, (error) => log.error({ err: error, requestId }, 'export failed while streaming; the response was cut short'));
  return new Response(body, { status: 200, headers });
}

/** Other methods on the export path: the same 404 as any unknown v1 route. */
export function handleReportsExportOtherMethod(req: Request): Response {
  return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${new URL(req.url).pathname}`), newRequestId());
}
