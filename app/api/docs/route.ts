import { newRequestId } from '@/server/http/respond';
import { noRouteResponse } from '@/server/http/no-route';
import { API_DOCS_CONTENT_SECURITY_POLICY, renderApiDocsPage } from '@/server/openapi/api-docs';

export const dynamic = 'force-dynamic';

const page = renderApiDocsPage();

/** The interactive API reference (Swagger UI), public like the document it shows. */
export function GET(): Response {
  return new Response(page, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Content-Security-Policy': API_DOCS_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': newRequestId(),
    },
  });
}

export const POST = noRouteResponse;
export const PUT = noRouteResponse;
export const PATCH = noRouteResponse;
export const DELETE = noRouteResponse;
