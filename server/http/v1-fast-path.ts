import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { log } from '@/server/log';
import { errorResponse, newRequestId } from './respond';
import { handleV1Request, V1_PREFIX } from './v1-handler';

/**
 * Serves REST v1 straight from the Node server to handleV1Request, the same handler the Next.js route
 * app/api/v1/[...trpc]/route.ts calls, without the App Router in between: on the bench that layer cost about
 * 2 ms of CPU per request, more than the API's own work for a retrieve. Paths that the build serves with
 * their own route file under /api/v1 (say /api/v1/openapi.json) still go to Next.js, as do methods the
 * catch-all route does not export. Only used with a production build; `next dev` keeps the route file.
 */
export type V1FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const CATCH_ALL_ROUTE = '/api/v1/[...trpc]';

export function createV1FastPath(distDir: string): V1FastPath {
  const ownRoutes = nextRoutesUnderV1(distDir);
  return (req, res) => {
    const method = req.method ?? 'GET';
    if (!METHODS.has(method)) return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== V1_PREFIX && !url.pathname.startsWith(`${V1_PREFIX}/`)) return false;
    if (ownRoutes.some((route) => route.test(url.pathname))) return false;
    void serve(req, res, url, method);
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

async function serve(req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
  try {
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const request = new Request(url, {
      method,
      headers,
      body: hasBody ? bodyStream(req) : undefined,
      duplex: 'half',
    } as RequestInit);
    await send(req, res, await handleV1Request(request));
  } catch (error) {
    // Headers that the fetch API refuses, a body that breaks off…: still the envelope, never a bare 500.
    if (res.headersSent) {
      log.error({ err: error }, 'v1 response failed after its headers were sent');
      res.destroy();
      return;
    }
    await send(req, res, errorResponse(error, newRequestId()));
  }
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('Content-Length', body.byteLength);
  // A body left unread (a 401 before reading it, a 413 part way) would be taken for the next request on this
  // connection: close it instead.
  if (!req.complete) res.setHeader('Connection', 'close');
  res.end(body);
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
        req.once('error', (error) => ignoreClosed(() => controller.error(error)));
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
