import { AppError } from '@/server/errors';
import { assertStorableJson } from './storable-json';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body within `maxBytes`: 415 for another content type, 413 past the limit (checked while
 * streaming, so a lying Content-Length cannot make us buffer more), 400 for malformed JSON, for nesting deeper
 * than any body needs and for text PostgreSQL cannot store as given (NUL, unpaired surrogates).
 * An empty body reads as undefined.
 */
export async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  const contentType = req.headers.get('content-type') ?? '';
  if (declared === 0 && !req.body) return undefined;
  if (!/^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType)) {
    if (declared === 0 && !contentType) return undefined;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json)');
  }
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readTextWithin(req, maxBytes);
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

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The request body must be at most ${Math.round(maxBytes / 1024)} KiB`);
}

async function readTextWithin(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
