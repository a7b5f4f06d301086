import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { readCookie, sessionCookieOptions } from './session-cookie';

afterEach(() => {
  delete process.env.APP_URL;
  resetEnvCache();
});

describe('readCookie', () => {
  it('finds one cookie among several, decoding its value', () => {
    expect(readCookie('a=1; iss_session=abc%2Ddef; b=2', 'iss_session')).toBe('abc-def');
    expect(readCookie('iss_session_old=x; iss_session=y', 'iss_session')).toBe('y');
  });

  it('returns null when absent or the header is missing, and keeps a value that is not valid percent-encoding', () => {
    expect(readCookie('a=1', 'iss_session')).toBeNull();
    expect(readCookie(null, 'iss_session')).toBeNull();
    expect(readCookie('garbage; iss_session', 'iss_session')).toBeNull();
    expect(readCookie('iss_session=%E0%A4%A', 'iss_session')).toBe('%E0%A4%A');
  });
});

describe('sessionCookieOptions', () => {
  it('is httpOnly, SameSite=Lax, for the whole site, and Secure only behind https', () => {
    process.env.APP_URL = 'http://localhost:3000';
    resetEnvCache();
    expect(sessionCookieOptions()).toEqual({ httpOnly: true, sameSite: 'lax', secure: false, path: '/' });
    process.env.APP_URL = 'https://hiring.example.com';
    resetEnvCache();
    const expiresAt = new Date(Date.now() + 1000);
    expect(sessionCookieOptions(expiresAt)).toMatchObject({ secure: true, expires: expiresAt, maxAge: 14 * 24 * 3600 });
  });
});
