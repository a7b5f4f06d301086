import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { newRequestId } from './respond';

/**
 * What Node.js and Next.js would otherwise answer themselves, without the contract's envelope or a request id:
 * a bare 500 for a path with malformed percent-encoding, a bare 431/400 for oversized or unparsable requests.
 */

/** Answers a request whose path cannot be percent-decoded with a 400 envelope; false when the path is fine. */
export function rejectMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  const rawPath = (req.url ?? '/').split('?')[0];
  try {
    decodeURIComponent(rawPath);
    return false;
  } catch {
    const requestId = newRequestId();
    const body = new AppError('VALIDATION_ERROR', 'The request path has malformed percent-encoding', {
      issues: [{ path: 'path', message: 'Malformed percent-encoding' }],
    }).toBody(requestId);
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Request-Id': requestId });
    res.end(JSON.stringify({ error: body }));
    return true;
  }
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
