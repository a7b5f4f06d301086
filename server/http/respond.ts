import { randomBytes } from 'node:crypto';
import { BASE62 } from '@/server/ids';
import { AppError, toAppError } from '@/server/errors';
import { log } from '@/server/log';

const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let at = 0;

/** `req_` and 20 base62 characters, drawn from a pool of random bytes refilled 4 KiB at a time (one syscall per ~150 ids). */
export function newRequestId(): string {
  let id = 'req_';
  while (id.length < 24) {
    if (at >= POOL_BYTES) {
      pool = randomBytes(POOL_BYTES);
      at = 0;
    }
    const byte = pool[at++];
    if (byte < 248) id += BASE62[byte % 62];
  }
  return id;
}

/**
 * A JSON answer before it becomes a fetch Response. The Node server writes its text as it is (v1-fast-path.ts): a
 * Response would build a body stream only to be read back, which cost more CPU than an agent turn's own parsing.
 * Route files and in-process fetches get `toResponse()`.
 */
export class JsonAnswer {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    /** Null: no body (204, 499). */
    readonly text: string | null,
  ) {}

  toResponse(): Response {
    return new Response(this.text, { status: this.status, headers: this.headers });
  }
}

/** What a handler answers: a JSON answer, or a Response of its own (a stream, a file, a page). */
export type Answer = Response | JsonAnswer;

export function asResponse(answer: Answer): Response {
  return answer instanceof JsonAnswer ? answer.toResponse() : answer;
}

/**
 * A Headers given is taken, not copied: the answer's own from then on (each caller passes the Headers it built for
 * this one request). Copying it cost a second Headers per request on the agent's turn.
 */
export function jsonAnswer(status: number, body: unknown, headers: HeadersInit = {}): JsonAnswer {
  const h = headers instanceof Headers ? headers : new Headers(headers);
  h.set('Content-Type', 'application/json; charset=utf-8');
  h.set('Cache-Control', 'no-store');
  return new JsonAnswer(status, h, status === 204 ? null : JSON.stringify(body));
}

export function jsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return jsonAnswer(status, body, headers).toResponse();
}

/** The client went away before its request body arrived: nobody will read the answer. */
export class ClientAbortedError extends Error {
  constructor() {
    super('The client closed the connection before sending its whole request body');
    this.name = 'ClientAbortedError';
  }
}

export function isClientAbort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ClientAbortedError) return true;
  }
  return false;
}

/** nginx's "client closed request": what the request log records for an aborted upload (never sent). */
export const CLIENT_CLOSED_REQUEST = 499;

/** Every error of every route leaves through here: the contract's envelope, the request id, nothing internal. */
export function errorAnswer(error: unknown, requestId: string, headers: HeadersInit = {}): JsonAnswer {
  if (isClientAbort(error)) {
    return new JsonAnswer(CLIENT_CLOSED_REQUEST, new Headers({ 'X-Request-Id': requestId, Connection: 'close' }), null);
  }
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
  return jsonAnswer(appError.status, { error: appError.toBody(requestId) }, h);
}

export function errorResponse(error: unknown, requestId: string, headers: HeadersInit = {}): Response {
  return errorAnswer(error, requestId, headers).toResponse();
}
