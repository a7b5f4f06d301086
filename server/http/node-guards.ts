import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { noRouteError } from './define-route';
import { newRequestId } from './respond';

/**
 * What Node.js and Next.js would otherwise answer themselves, without the contract's envelope or a request id:
 * a bare 500 for a path with malformed percent-encoding, a bare 431/400 for oversized or unparsable requests,
 * bare 308/204/400 for trailing slashes and unserved methods under /api.
 */

const API_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Runs before Next.js sees a request. Answers it (true) when Next.js would answer without the envelope: a path
 * with malformed percent-encoding (Next.js: a bare 500) and, under /api, a method no route serves (Next.js:
 * a bare 204 for OPTIONS, a bare 400 for others). Under /api it also serves `/x/` and `//x` as `/x` instead of
 * Next.js's 308 redirect, which API clients would have to follow with their body.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
  // Every request passes here: the common path (no '%', no '//') allocates nothing and runs no regular expression.
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  if (rawPath.includes('%') && !hasValidPercentEncoding(rawPath)) {
    if (rawPath === '/api' || rawPath.startsWith('/api/')) {
      writeEnvelope(res, new AppError('VALIDATION_ERROR', 'The request path has malformed percent-encoding', { issues: [{ path: 'path', message: 'Malformed percent-encoding' }] }));
      return true;
    }
    // A page path (a mangled invitation link, say): taken literally, so the page answers with its own 404.
    req.url = rawPath.replace(/%/g, '%25') + query;
    return false;
  }
  const path = rawPath.includes('//') ? rawPath.replace(/\/{2,}/g, '/') : rawPath;
  if (path !== '/api' && !path.startsWith('/api/')) return false;
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  // `/api` itself: the catch-all 404 route (app/api/[...path]) needs at least one segment after it.
  if (!API_METHODS.has((req.method ?? '').toUpperCase()) || normalized === '/api') {
    writeEnvelope(res, noRouteError(req.method ?? '', normalized));
    return true;
  }
  if (normalized !== rawPath) req.url = normalized + query;
  return false;
}

function hasValidPercentEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A POST to a page is a server action (the sign-in form, the key revocation, the candidate's Start). Next.js
 * refuses one from another site with a bare text/plain 500; here it is a 403 in the contract's envelope, with a
 * request id, before Next.js sees it. Another site is: an Origin that is neither the public URL's nor the host's
 * this request was addressed to, or a browser's Sec-Fetch-Site saying cross-site. Answers it (true) or not.
 */
export function refuseCrossSiteAction(req: IncomingMessage, res: ServerResponse, publicOrigin: string): boolean {
  if (req.method !== 'POST') return false;
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/')) return false;
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  const host = req.headers.host;
  const allowed = origin === undefined || origin === publicOrigin || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
  if (allowed && (site === undefined || site === 'same-origin' || site === 'none')) return false;
  writeEnvelope(res, new AppError('FORBIDDEN', 'Cross-site request refused'));
  return true;
}

function writeEnvelope(res: ServerResponse, error: AppError): void {
  const requestId = newRequestId();
  res.writeHead(error.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Request-Id': requestId });
  res.end(JSON.stringify({ error: error.toBody(requestId) }));
}

/**
 * The server's `clientError` handler: the request never reached a route (headers over Node's 16 KiB limit, an
 * unparsable request line). The envelope is written straight on the socket, then the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const requestId = newRequestId();
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('VALIDATION_ERROR', 'The request headers are too large (at most 16 KiB in total)', {
          issues: [{ path: 'headers', message: 'Too large' }],
        })
      : new AppError('VALIDATION_ERROR', 'Malformed HTTP request');
  log.info({ requestId, code: error.code }, 'malformed HTTP request rejected');
  const body = JSON.stringify({ error: appError.toBody(requestId) });
  socket.end(
    `HTTP/1.1 ${appError.status} Bad Request\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
