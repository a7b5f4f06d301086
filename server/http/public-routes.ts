import { getDb } from '@/db/client';
import { AppError } from '@/server/errors';
import { API_DOCS_CONTENT_SECURITY_POLICY, API_DOCS_PATH, OPENAPI_DOCUMENT_PATH, readApiDocsAsset, renderApiDocsPage } from '@/server/openapi/api-docs';
import { buildOpenApiDocument, serializeOpenApiDocument } from '@/server/openapi/build-openapi-document';
import { checkReadiness } from '@/server/services/health/check-readiness';
import { defineRoute, type DoorRoute } from './define-route';
import { isShuttingDown } from './shutdown-state';

/** Built on the first request and kept for the life of the process: the routers do not change while it runs. */
let documentText: string | undefined;
let docsPage: string | undefined;

/** Routes open to anyone: the API reference, the OpenAPI document, liveness and readiness. */
export const PUBLIC_ROUTES: DoorRoute[] = [
  // The OpenAPI document of REST v1: public, and readable from other origins so that API tools can load it.
  defineRoute({
    method: 'GET',
    path: OPENAPI_DOCUMENT_PATH,
    kind: 'public',
    auth: 'public',
    handle: async ({ headers }) => {
      documentText ??= serializeOpenApiDocument(buildOpenApiDocument());
      headers.set('Content-Type', 'application/json; charset=utf-8');
      headers.set('Cache-Control', 'public, max-age=300');
      headers.set('Access-Control-Allow-Origin', '*');
      return new Response(documentText, { headers });
    },
  }),
  // The interactive API reference (Swagger UI), public like the document it shows.
  defineRoute({
    method: 'GET',
    path: API_DOCS_PATH,
    kind: 'public',
    auth: 'public',
    handle: async ({ headers }) => {
      docsPage ??= renderApiDocsPage();
      headers.set('Content-Type', 'text/html; charset=utf-8');
      headers.set('Cache-Control', 'public, max-age=300');
      headers.set('Content-Security-Policy', API_DOCS_CONTENT_SECURITY_POLICY);
      headers.set('X-Content-Type-Options', 'nosniff');
      return new Response(docsPage, { headers });
    },
  }),
  // Swagger UI's static files, from an allow-list only: any other name is a 404 envelope.
  defineRoute({
    method: 'GET',
    path: `${API_DOCS_PATH}/assets/:file`,
    kind: 'public',
    auth: 'public',
    handle: async ({ params, headers }) => {
      const asset = await readApiDocsAsset(params.file);
      if (!asset) throw new AppError('NOT_FOUND', 'No such API reference asset');
      headers.set('Content-Type', asset.contentType);
      headers.set('Cache-Control', 'public, max-age=3600');
      headers.set('X-Content-Type-Options', 'nosniff');
      return new Response(new Uint8Array(asset.body), { headers });
    },
  }),
  // Liveness: the process is up and serving. Touches nothing else, so a slow database never restarts the app.
  defineRoute({
    method: 'GET',
    path: '/api/health',
    kind: 'public',
    auth: 'public',
    handle: async () => ({ status: 200, body: { status: 'ok', uptimeSeconds: Math.round(process.uptime()) } }),
  }),
  // Readiness: the database answers and the migrations are current; 503 while draining on shutdown.
  defineRoute({
    method: 'GET',
    path: '/api/ready',
    kind: 'public',
    auth: 'public',
    handle: async () => {
      if (isShuttingDown()) return { status: 503, body: { ready: false, reason: 'shutting down' } };
      const readiness = await checkReadiness(getDb());
      return { status: readiness.ready ? 200 : 503, body: readiness };
    },
  }),
];
