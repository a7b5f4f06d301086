import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { getEnv } from '@/server/env';

/** The audience that marks a token as ours and for the voice media path, not any other use of the secret. */
export const MEDIA_TOKEN_AUDIENCE = 'interview-screening:agent';
export const MEDIA_TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

/**
 * The HMAC key, imported once per secret: jose imports a raw Uint8Array again on every sign and verify, which was
 * a sixth of the live relay's CPU (the built-in interviewer signs and checks a token on every internal call).
 */
let imported: { secret: string; key: Promise<webcrypto.CryptoKey> } | null = null;

function secretKey(): Promise<webcrypto.CryptoKey> {
  const secret = getEnv().MEDIA_TOKEN_SECRET;
  if (!secret) throw new Error('MEDIA_TOKEN_SECRET is not configured');
  if (imported?.secret !== secret) {
    const key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    imported = { secret, key };
  }
  return imported.key;
}

/** A short-lived HS256 JWT that opens the internal routes of one interview only (sub = interview id). */
export async function mintMediaToken(interviewId: string, lifetimeSeconds = MEDIA_TOKEN_LIFETIME_SECONDS): Promise<{ token: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + lifetimeSeconds * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(interviewId)
    .setAudience(MEDIA_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await secretKey());
  return { token, expiresAt };
}

/**
 * Tokens already verified, with what they grant and until when: the same token is presented on every internal
 * call of a conversation. Keyed by the whole token (its signature included) and by the secret that verified it,
 * so a changed secret or a token altered by one bit is verified afresh; an entry is never used past its expiry.
 */
const verified = new Map<string, { secret: string; sub: string; expiresAtMs: number }>();
const VERIFIED_CACHE_SIZE = 2_000;

/** The interview id a valid token grants, or null for anything invalid, expired or of another audience. */
export async function verifyMediaToken(token: string): Promise<string | null> {
  const secret = getEnv().MEDIA_TOKEN_SECRET;
  const known = verified.get(token);
  if (known && known.secret === secret && known.expiresAtMs > Date.now()) return known.sub;
  try {
    const { payload } = await jwtVerify(token, await secretKey(), { audience: MEDIA_TOKEN_AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string') return null;
    if (secret && typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
      verified.set(token, { secret, sub: payload.sub, expiresAtMs: payload.exp * 1000 });
    }
    return payload.sub;
  } catch {
    return null;
  }
}
