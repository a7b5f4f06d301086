import { AppError } from '@/server/errors';
import { errorResponse, newRequestId } from '@/server/http/respond';
import { noRouteResponse } from '@/server/http/no-route';
import { readApiDocsAsset } from '@/server/openapi/api-docs';

export const dynamic = 'force-dynamic';

/** Swagger UI's static files, from an allow-list only: any other name is a 404 envelope. */
export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const requestId = newRequestId();
  try {
    const asset = await readApiDocsAsset(file);
    if (!asset) return errorResponse(new AppError('NOT_FOUND', 'No such API reference asset'), requestId);
    return new Response(new Uint8Array(asset.body), {
      headers: {
        'Content-Type': asset.contentType,
        'Cache-Control': 'public, max-age=3600',
        'X-Content-Type-Options': 'nosniff',
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
