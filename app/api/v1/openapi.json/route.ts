import { errorResponse, newRequestId } from '@/server/http/respond';
import { noRouteResponse } from '@/server/http/no-route';
import { buildOpenApiDocument, serializeOpenApiDocument } from '@/server/openapi/build-openapi-document';

export const dynamic = 'force-dynamic';

/** Built on the first request and kept for the life of the process: the routers do not change while it runs. */
let documentText: string | undefined;

/**
 * The OpenAPI document of REST v1. Public (no API key), and readable from other origins so that API tools can
 * load it. This static segment wins over the `[...trpc]` catch-all beside it.
 */
export function GET(): Response {
  const requestId = newRequestId();
  try {
    documentText ??= serializeOpenApiDocument(buildOpenApiDocument());
    return new Response(documentText, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
        'X-Request-Id': requestId,
      },
    });
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

export const POST = noRouteResponse;
export const PUT = noRouteResponse;
export const PATCH = noRouteResponse;
export const DELETE = noRouteResponse;
