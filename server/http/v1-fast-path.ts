import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { log } from '@/server/log';
import { CLIENT_ADDRESS_HEADER } from './client-throttle';
import { attachPrereadBody } from './read-json-body';
import { ClientAbortedError, errorAnswer, isClientAbort, JsonAnswer, newRequestId, type Answer } from './respond';
import { ROUTES } from './routes';
import { answerV1, V1_PREFIX } from './v1-handler';
import { RawRequestHeaders, rememberRequestUrl, type DoorRequest } from './door-request';

/**
 * Serves, straight from the Node server and without the App Router in between, the routes of the HTTP door's table
 * (server/http/routes.ts: the agent routes, the exports, the API reference, health, the invitation routes, audio) and REST v1 (handleV1Request,
 * the handler app/api/v1/[...trpc]/route.ts calls). On the bench the App Router cost about 2 ms of CPU per request,
 * more than the API's own work for a retrieve or a turn. v1 paths that the build serves with their own route file
 * (not in the table) still go to Next.js, as do methods the catch-all route does not export. Only used with a
 * production build; `next dev` keeps the route files, which hand their requests to the same table.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const CATCH_ALL_ROUTE = '/api/v1/[...trpc]';

export function createFastPath(distDir: string): FastPath {
  const ownRoutes = nextRoutesUnderV1(distDir);
  return (req, res) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    // HEAD too: the table answers it (the stored audio serves it; other paths give the 404 envelope).
    if ((METHODS.has(method) || method === 'HEAD') && ROUTES.claims(url.pathname)) {
      void serve(req, res, url, method, (request) => ROUTES.answer(request)!);
      return true;
    }
    if (!METHODS.has(method)) return false;
    if (url.pathname !== V1_PREFIX && !url.pathname.startsWith(`${V1_PREFIX}/`)) return false;
    if (ownRoutes.some((route) => route.test(url.pathname))) return false;
    void serve(req, res, url, method, answerV1);
    return true;
  };
}

/** Regular expressions of the build's app routes under /api/v1 other than the v1 catch-all. */
export function nextRoutesUnderV1(distDir: string): RegExp[] {
  let manifest: Record<string, string>;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, 'app-path-routes-manifest.json'), 'utf8'));
  } catch {
    return [/.*/]; // no manifest: leave everything to Next.js
  }
  return Object.values(manifest)
    .filter((route) => route.startsWith(`${V1_PREFIX}/`) && route !== CATCH_ALL_ROUTE)
    .map(routePattern);
}

/** "/api/v1/reports/[id]/x" → /^\/api\/v1\/reports\/[^/]+\/x\/?$/ ([...a] one or more segments, [[...a]] any). */
export function routePattern(route: string): RegExp {
  const segments = route.split('/').filter(Boolean);
  let source = '';
  for (const segment of segments) {
    if (/^\[\[\.\.\..+\]\]$/.test(segment)) source += '(?:/.*)?';
    else if (/^\[\.\.\..+\]$/.test(segment)) source += '/.+';
    else if (/^\[.+\]$/.test(segment)) source += '/[^/]+';
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return new RegExp(`^${source}/?$`);
}

async function serve(req: IncomingMessage, res: ServerResponse, url: URL, method: string, handler: (request: DoorRequest) => Promise<Answer>): Promise<void> {
  try {
    // The client address is the server's to say (start-server.ts sets it from the socket), never the client's.
    const address = req.headers[CLIENT_ADDRESS_HEADER];
    const headers = new RawRequestHeaders(req.rawHeaders, { [CLIENT_ADDRESS_HEADER]: typeof address === 'string' ? address : null });
    const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
    const declared = Number(req.headers['content-length']);
    // A small body with a declared length (every agent turn) is read here into one Buffer; others stream.
    const preread = hasBody && declared > 0 && declared <= PREREAD_MAX_BYTES && !req.headers['transfer-encoding'];
    const request: DoorRequest = { method, url: url.href, headers, body: hasBody && !preread ? bodyStream(req) : null };
    rememberRequestUrl(request, url);
    if (preread) attachPrereadBody(request, readNodeBody(req));
    await send(req, res, await handler(request));
  } catch (error) {
    // A body that breaks off, an answer that cannot be written…: still the envelope, never a bare 500.
    if (res.headersSent || res.destroyed) {
      if (!isClientAbort(error)) log.error({ err: error }, 'response failed after its headers were sent');
      res.destroy();
      return;
    }
    await send(req, res, errorAnswer(error, newRequestId()));
  }
}

/**
 * Writes an answer to Node's response. A JSON answer goes out as its text with its Content-Length, as does a
 * Response body of one chunk; a longer one (the export) is streamed with backpressure, reading the next chunk only
 * once the socket has taken the previous one, and cancelled when the client goes away.
 */
async function send(req: IncomingMessage, res: ServerResponse, response: Answer): Promise<void> {
  if (res.destroyed) {
    if (response instanceof Response) await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  if (response instanceof JsonAnswer) {
    if (!req.complete) res.setHeader('Connection', 'close');
    res.setHeader('Content-Length', response.text === null ? 0 : Buffer.byteLength(response.text));
    res.end(response.text ?? undefined);
    return;
  }
  // A body left unread (a 401 before reading it, a 413 part way) would be taken for the next request on this
  // connection: close it instead.
  if (!req.complete) res.setHeader('Connection', 'close');
  if (!response.body) {
    // A HEAD answer says the length of the body it does not send.
    if (!res.hasHeader('content-length')) res.setHeader('Content-Length', 0);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    const body = first.value ?? new Uint8Array();
    res.setHeader('Content-Length', body.byteLength);
    res.end(body);
    return;
  }
  let closed = false;
  res.once('close', () => {
    closed = true;
    void reader.cancel().catch(() => {});
  });
  const write = async (chunk: Uint8Array) => {
    if (!res.write(chunk) && !closed) await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.once('drain', done);
      res.once('close', done);
    });
  };
  try {
    await write(first.value!);
    await write(second.value);
    while (!closed) {
      const { done, value } = await reader.read();
      if (done) break;
      await write(value);
    }
    if (!closed) res.end();
  } catch {
    // The stream failed after the status line (logged by its producer): cut the response short.
    res.destroy();
  }
}

const PREREAD_MAX_BYTES = 256 * 1024;

/** The whole body of a request, or ClientAbortedError when the client goes away first. */
function readNodeBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      // Past the declared length: a lying client; stop collecting (the handler's limit answers it).
      if (size <= PREREAD_MAX_BYTES + 1) chunks.push(chunk);
    });
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once('error', () => reject(new ClientAbortedError()));
    req.once('close', () => {
      if (!req.complete) reject(new ClientAbortedError());
    });
  });
}

/**
 * The request body as a web stream, with backpressure: at most one high-water mark is buffered ahead of the
 * reader, so a body nobody reads (or past the size limit) is not taken into memory. Cancelling only stops
 * reading; the connection is closed after the response (see send).
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        // After a cancel the stream is closed and these would throw: nothing is waiting for them then.
        req.once('end', () => ignoreClosed(() => controller.close()));
        // A client that goes away before sending its whole body: one error the handler recognises (logged once,
        // as 499), not a database-like ECONNRESET answered with a 503.
        req.once('error', () => ignoreClosed(() => controller.error(new ClientAbortedError())));
        req.once('close', () => {
          if (!req.complete) ignoreClosed(() => controller.error(new ClientAbortedError()));
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        req.removeAllListeners('data');
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

function ignoreClosed(action: () => void): void {
  try {
    action();
  } catch {
    /* the reader cancelled */
  }
}
