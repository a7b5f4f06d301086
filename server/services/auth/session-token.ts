import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@/server/crypto';

/** The dashboard's session cookie. Its value is the token; the database keeps only the token's SHA-256. */
export const SESSION_COOKIE_NAME = 'iss_session';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: 256 bits, so the hash can be looked up directly without a salt. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}

/** A well-formed token is 43 base64url characters; anything else is rejected before touching the database. */
export function isSessionTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
