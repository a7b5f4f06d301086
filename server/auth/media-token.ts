import { jwtVerify, SignJWT } from 'jose';
import { getEnv } from '@/server/env';

/** The audience that marks a token as ours and for the voice media path, not any other use of the secret. */
export const MEDIA_TOKEN_AUDIENCE = 'interview-screening:agent';
export const MEDIA_TOKEN_LIFETIME_SECONDS = 2 * 60 * 60;

function secretKey(): Uint8Array {
  const secret = getEnv().MEDIA_TOKEN_SECRET;
  if (!secret) throw new Error('MEDIA_TOKEN_SECRET is not configured');
  return new TextEncoder().encode(secret);
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
    .sign(secretKey());
  return { token, expiresAt };
}

/** The interview id a valid token grants, or null for anything invalid, expired or of another audience. */
export async function verifyMediaToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { audience: MEDIA_TOKEN_AUDIENCE, algorithms: ['HS256'] });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
