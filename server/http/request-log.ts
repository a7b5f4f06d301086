import { log } from '@/server/log';
import { newRequestId } from './respond';
import { requestUrl, type DoorRequest } from './door-request';

export type RouteKind = 'v1' | 'internal' | 'dashboard' | 'public' | 'invitation' | 'audio' | 'integration';

/** Filled in by the handler as it learns things: the request id it answers with, the organization once known. */
export type RequestLogContext = { requestId: string; orgId?: string };

/** Long enough for any real path; a hostile one does not make a log line arbitrarily long. */
const MAX_LOGGED_PATH = 300;

/**
 * Runs a route handler and writes one structured line per request: method, path (never the query string, which
 * may carry anything a client put there), status, duration, request id, organization when known, route kind.
 * Never the headers or the body; the door masks credentials in the path (an invitation's token).
 */
export async function withRequestLog<T extends { status: number }>(
  kind: RouteKind,
  req: DoorRequest,
  handle: (context: RequestLogContext) => Promise<T>,
  /** The path to log when it is not the request's own (a credential in it masked). */
  path = loggedPath(req),
): Promise<T> {
  const started = performance.now();
  const context: RequestLogContext = { requestId: newRequestId() };
  let status = 500;
  try {
    const response = await handle(context);
    status = response.status;
    return response;
  } finally {
    const line = {
      kind,
      method: req.method,
      path,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestId: context.requestId,
      ...(context.orgId ? { orgId: context.orgId } : {}),
    };
    // A 503 is the expected answer while the database is unavailable: a warning, not an error.
    if (status === 503) log.warn(line, 'request');
    else if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
  }
}

export function loggedPath(req: DoorRequest): string {
  let pathname: string;
  try {
    pathname = requestUrl(req).pathname;
  } catch {
    pathname = req.url.split(/[?#]/)[0];
  }
  return pathname.length > MAX_LOGGED_PATH ? `${pathname.slice(0, MAX_LOGGED_PATH)}…` : pathname;
}
