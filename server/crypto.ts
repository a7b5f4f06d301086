import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

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

/**
 * Secrets the service must use again later (an organization's provider keys) are kept with AES-256-GCM under a
 * key derived (HKDF-SHA256) from the operator's PROVIDER_KEY_SECRET. `context` (the organization and the kind) is
 * authenticated with the ciphertext, so a value copied to another organization's row does not decrypt there.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function encryptSecret(plain: string, secret: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plain secret, or null when it was encrypted under another secret or context, or is not ours at all. */
export function decryptSecret(stored: string, secret: string, context: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

let lastDerived: { secret: string; key: Buffer } | undefined;
function derivedKey(secret: string): Buffer {
  if (lastDerived?.secret !== secret) {
    lastDerived = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'interview-screening', 'organization-provider-keys/v1', 32)) };
  }
  return lastDerived.key;
}
