import { AppError } from '@/server/errors';
import { dispatchAgentRequest } from '@/server/http/agent-routes';
import { errorResponse, newRequestId } from '@/server/http/respond';
import { handleV1Request, V1_PREFIX } from '@/server/http/v1-handler';
import type { FetchLike } from './agent-client';

/**
 * A fetch that serves the internal agent routes and REST v1 inside this process, through the very handlers the
 * Next.js app mounts. For a process that holds the database itself (the CLI or the seed on the embedded
 * database, which no second process may open) and still wants to speak HTTP semantics to the service.
 * The database (setDatabase) and the job queue must be started in this process.
 */
export function createInProcessFetch(): FetchLike {
  return async (input, init) => {
    const req = input instanceof Request && !init ? input : new Request(input, init);
    const pathname = new URL(req.url).pathname;
    const agent = dispatchAgentRequest(req);
    if (agent) return agent;
    if (pathname === V1_PREFIX || pathname.startsWith(`${V1_PREFIX}/`)) return handleV1Request(req);
    return errorResponse(new AppError('NOT_FOUND', `No route matches ${req.method} ${pathname}`), newRequestId());
  };
}
