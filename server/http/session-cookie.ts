import { getEnv } from '@/server/env';
import { SESSION_COOKIE_NAME, SESSION_LIFETIME_MS } from '@/server/services/auth/session-token';

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export function readSessionToken(headers: Pick<Headers, 'get'>): string | null {
  return readCookie(headers.get('cookie'), SESSION_COOKIE_NAME);
}

/**
 * httpOnly (scripts never see the token), SameSite=Lax (not sent on cross-site POSTs), Secure whenever the
 * public URL is https, for the whole site.
 */
export function sessionCookieOptions(expiresAt?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: getEnv().APP_URL.startsWith('https://'),
    path: '/',
    ...(expiresAt ? { expires: expiresAt, maxAge: Math.floor(SESSION_LIFETIME_MS / 1000) } : {}),
  };
}
