import { randomBase62 } from '@/server/ids';
import { AppError, toAppError } from '@/server/errors';
import { log } from '@/server/log';

export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  const h = new Headers(headers);
  h.set('Content-Type', 'application/json; charset=utf-8');
  h.set('Cache-Control', 'no-store');
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: h });
}

/** Every error of every route leaves through here: the contract's envelope, the request id, nothing internal. */
export function errorResponse(error: unknown, requestId: string, headers: HeadersInit = {}): Response {
  const appError = toAppError(error);
  if (appError.appCode === 'INTERNAL') {
    log.error({ err: error instanceof AppError ? (error.cause ?? error) : error, requestId }, 'unhandled error');
  }
  const h = new Headers(headers);
  h.set('X-Request-Id', requestId);
  if (appError.appCode === 'SERVICE_UNAVAILABLE') h.set('Retry-After', '2');
  // The rest of an oversized body was never read: the connection cannot carry another request, so close it
  // rather than leave the client's next request waiting behind the unread bytes.
  if (appError.appCode === 'PAYLOAD_TOO_LARGE') h.set('Connection', 'close');
  return jsonResponse(appError.status, { error: appError.toBody(requestId) }, h);
}
