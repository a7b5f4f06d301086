import { createHash, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of secrets of any length: both sides are hashed to equal-length digests first. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, expectedDigest(expected)) && given.length === expected.length;
}

/**
 * The expected side is the server's own configured secret, the same on every request (the agent secret): its
 * digest is kept rather than recomputed. Only the given side depends on what a client sent.
 */
let lastExpected: { secret: string; digest: Buffer } | undefined;
function expectedDigest(expected: string): Buffer {
  if (lastExpected?.secret !== expected) lastExpected = { secret: expected, digest: createHash('sha256').update(expected).digest() };
  return lastExpected.digest;
}
