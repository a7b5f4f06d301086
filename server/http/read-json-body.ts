import { AppError } from '@/server/errors';
import { assertStorableJson } from './storable-json';
import type { DoorRequest } from './door-request';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body within `maxBytes`: 415 for another content type, 413 past the limit (checked while
 * streaming, so a lying Content-Length cannot make us buffer more), 400 for malformed JSON, for nesting deeper
 * than any body needs and for text PostgreSQL cannot store as given (NUL, unpaired surrogates).
 * An empty body reads as undefined.
 */
export async function readJsonBody(req: DoorRequest, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  const contentType = req.headers.get('content-type') ?? '';
  const preread = prereadBodies.get(req);
  if (declared === 0 && !req.body && preread === undefined) return undefined;
  if (!/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType)) {
    if (declared === 0 && !contentType) return undefined;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)');
  }
  const text = (await readBodyBytes(req, maxBytes)).toString('utf8');
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The parser's message says where the JSON breaks ("… at position 25"); it holds nothing but the client's text.
    throw new AppError('VALIDATION_ERROR', 'Malformed JSON body', {
      issues: [{ path: '(body)', message: error instanceof SyntaxError ? error.message : 'Must be valid JSON' }],
    });
  }
  assertStorableJson(value);
  return value;
}

/**
 * Bodies the Node server is reading itself (small ones with a Content-Length, see v1-fast-path.ts): collected into
 * one Buffer rather than through a web stream, which cost more CPU than the turn's parsing. The handler runs at
 * once (a 401 does not wait for the body) and waits for the bytes only when it reads them.
 */
const prereadBodies = new WeakMap<DoorRequest, Promise<Buffer>>();

export function attachPrereadBody(req: DoorRequest, body: Promise<Buffer>): void {
  body.catch(() => {}); // a handler that answers before reading (401) never awaits it
  prereadBodies.set(req, body);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body must be at most ${Math.round(maxBytes / 1024)} KiB`);
}

/**
 * The whole body, whether the Node server preread it or it streams: 413 (`tooLargeError`) when the declared length
 * or the bytes read pass `maxBytes` (a lying Content-Length cannot make us buffer more).
 */
export async function readBodyBytes(req: DoorRequest, maxBytes: number, tooLargeError: () => AppError = () => tooLarge(maxBytes)): Promise<Buffer> {
  if (Number(req.headers.get('content-length') ?? '0') > maxBytes) throw tooLargeError();
  const preread = prereadBodies.get(req);
  if (preread === undefined) return readBytesWithin(req, maxBytes, tooLargeError);
  const bytes = await preread;
  if (bytes.byteLength > maxBytes) throw tooLargeError();
  return bytes;
}

/** The body's bytes, 413 as soon as they pass `maxBytes` (the rest is never read). */
export async function readBytesWithin(req: DoorRequest, maxBytes: number, tooLargeError: () => AppError = () => tooLarge(maxBytes)): Promise<Buffer> {
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
