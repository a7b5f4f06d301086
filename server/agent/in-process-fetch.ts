import { noRouteResponse } from '@/server/http/define-route';
import { ROUTES } from '@/server/http/routes';
import { handleV1Request, V1_PREFIX } from '@/server/http/v1-handler';
import type { FetchLike } from './agent-client';

/**
 * A fetch that serves the internal agent routes and REST v1 inside this process, through the very route table and
 * handlers the server mounts. For a process that holds the database itself (the CLI or the seed on the embedded
 * database, which no second process may open) and still wants to speak HTTP semantics to the service.
 * The database (setDatabase) and the job queue must be started in this process.
 */
export function createInProcessFetch(): FetchLike {
  return async (input, init) => {
    const req = input instanceof Request && !init ? input : new Request(input, init);
    const pathname = new URL(req.url).pathname;
    const routed = ROUTES.dispatch(req);
    if (routed) return routed;
    if (pathname === V1_PREFIX || pathname.startsWith(`${V1_PREFIX}/`)) return handleV1Request(req);
    return noRouteResponse(req);
  };
}
