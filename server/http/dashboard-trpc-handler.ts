import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { getDb } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { appRouter } from '@/server/routers/app-router';
import { getSessionPrincipal } from '@/server/services/auth/get-session-principal';
import { createContextInner } from '@/server/trpc';
import { readBytesWithin } from './read-json-body';
import { errorResponse, newRequestId } from './respond';
import { readSessionToken } from './session-cookie';

export const DASHBOARD_TRPC_ENDPOINT = '/api/trpc';
/** Sent by the dashboard's tRPC client on every request. Browsers cannot add it cross-origin without a CORS preflight, which this server never grants. */
export const CSRF_HEADER = 'x-iss-csrf';

/**
 * Refuses requests with side effects that a browser may have sent on another site's behalf. Three layers, each
 * enough in a modern browser: Sec-Fetch-Site must say same-origin, Origin must be ours, and the custom header
 * must be present. GET carries queries and the SSE subscription only, which change nothing.
 */
export function checkCsrf(req: Request): void {
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const site = req.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') throw new AppError('FORBIDDEN', 'Cross-site request refused');
  const origin = req.headers.get('origin');
  if (origin !== null) {
    // The public URL, or the host this request was addressed to (a deployment reached by several names).
    const host = req.headers.get('host');
    const allowed = new Set([new URL(getEnv().APP_URL).origin, ...(host ? [`${new URL(req.url).protocol}//${host}`] : [])]);
    if (!allowed.has(origin)) throw new AppError('FORBIDDEN', 'Cross-site request refused');
  }
  if (req.headers.get(CSRF_HEADER) !== '1') throw new AppError('FORBIDDEN', `Missing the ${CSRF_HEADER} header`);
}

/**
 * tRPC for the dashboard. The principal comes from the session cookie only: an API key or an organization in
 * the input opens nothing here. Errors leave through the errorFormatter of server/trpc.ts (the contract's body
 * under `error.data.error`, with the request id).
 */
export async function handleDashboardTrpc(incoming: Request): Promise<Response> {
  const requestId = newRequestId();
  const db = getDb();
  let req: Request;
  try {
    req = await boundedRequest(incoming);
  } catch (error) {
    return errorResponse(error, requestId);
  }
  return fetchRequestHandler({
    endpoint: DASHBOARD_TRPC_ENDPOINT,
    req,
    router: appRouter,
    createContext: async () => {
      checkCsrf(req);
      const principal = await getSessionPrincipal(db, readSessionToken(req.headers));
      return createContextInner({ db, principal, requestId });
    },
    responseMeta: () => ({ headers: { 'x-request-id': requestId, 'cache-control': 'no-store' } }),
  });
}

/** No dashboard call needs more: the biggest is a candidate import (a CSV of at most 2 MiB, escaped into JSON). */
export const MAX_DASHBOARD_BODY_BYTES = 5 * 1024 * 1024;
/** Calls in one batched request; the dashboard's pages batch a handful. */
export const MAX_BATCH_CALLS = 20;

/**
 * The request with its body read within MAX_DASHBOARD_BODY_BYTES (413 before anything is parsed: a declared
 * Content-Length over the limit is refused unread, a streamed body is cut off at the limit) and at most
 * MAX_BATCH_CALLS procedures in a batch (413 too).
 */
async function boundedRequest(req: Request): Promise<Request> {
  const url = new URL(req.url);
  const procedures = decodeURIComponent(url.pathname.slice(DASHBOARD_TRPC_ENDPOINT.length + 1)).split(',');
  if (procedures.length > MAX_BATCH_CALLS) {
    throw new AppError('PAYLOAD_TOO_LARGE', `A batch may hold at most ${MAX_BATCH_CALLS} calls`);
  }
  if (req.method === 'GET' || req.method === 'HEAD' || !req.body) return req;
  if (Number(req.headers.get('content-length') ?? '0') > MAX_DASHBOARD_BODY_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body must be at most ${MAX_DASHBOARD_BODY_BYTES / 1024 / 1024} MiB`);
  }
  const body = await readBytesWithin(req, MAX_DASHBOARD_BODY_BYTES);
  return new Request(req.url, { method: req.method, headers: req.headers, body: new Uint8Array(body), signal: req.signal });
}
