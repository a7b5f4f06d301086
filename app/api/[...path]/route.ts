import { AppError } from '@/server/errors';
import { errorResponse, newRequestId } from '@/server/http/respond';

export const dynamic = 'force-dynamic';

/** Any /api path that no route claims: the contract's 404 envelope rather than Next.js's HTML page. */
function notFound(req: Request): Response {
  return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${new URL(req.url).pathname}`), newRequestId());
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
