import { AppError } from '@/server/errors';
import { errorResponse, newRequestId } from './respond';

/** A method that a route does not serve: the same 404 envelope as a path that no route claims. */
export function noRouteResponse(req: Request): Response {
  return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${new URL(req.url).pathname}`), newRequestId());
}
