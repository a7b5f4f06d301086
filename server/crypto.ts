import { createHash, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Constant-time comparison of secrets of any length. The given side is copied into a buffer of the expected
 * side's length (cut or zero-padded) and compared byte for byte in constant time; the lengths are compared
 * separately, always. The time taken depends on neither side's content. It does depend, by the few nanoseconds of
 * copying a few dozen bytes, on the shorter of the two lengths: the expected secret's length is not hidden the way
 * hashing both sides hid it (accepted: a configured secret's length says little, AGENT_SECRET has at least 16
 * characters). Hashing cost a SHA-256 per request: on a paced agent turn, about 25 µs of CPU with cold caches.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const wanted = expectedBytes(expected);
  const candidate = Buffer.alloc(wanted.length);
  const written = candidate.write(given, 'utf8');
  const sameBytes = timingSafeEqual(candidate, wanted);
  const sameLength = written === wanted.length && Buffer.byteLength(given, 'utf8') === wanted.length;
  return sameBytes && sameLength;
}

/** The expected side is the server's own configured secret, the same on every request (the agent secret). */
let lastExpected: { secret: string; bytes: Buffer } | undefined;
function expectedBytes(expected: string): Buffer {
  if (lastExpected?.secret !== expected) lastExpected = { secret: expected, bytes: Buffer.from(expected, 'utf8') };
  return lastExpected.bytes;
}
