import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { checkCsrf } from './dashboard-trpc-handler';

afterEach(() => {
  delete process.env.APP_URL;
  resetEnvCache();
});

function post(headers: Record<string, string>, url = 'http://10.0.0.5:3000/api/trpc/candidates.create') {
  return new Request(url, { method: 'POST', headers });
}

describe('checkCsrf', () => {
  it('lets GET through (queries and the SSE subscription change nothing)', () => {
    expect(() => checkCsrf(new Request('http://x/api/trpc/a', { headers: { 'sec-fetch-site': 'cross-site' } }))).not.toThrow();
  });

  it('accepts a same-origin POST with the header, from the public URL or the addressed host', () => {
    process.env.APP_URL = 'https://hiring.example.com';
    resetEnvCache();
    expect(() => checkCsrf(post({ 'x-iss-csrf': '1', origin: 'https://hiring.example.com', 'sec-fetch-site': 'same-origin' }))).not.toThrow();
    expect(() => checkCsrf(post({ 'x-iss-csrf': '1', origin: 'http://10.0.0.5:3000', host: '10.0.0.5:3000' }))).not.toThrow();
    // A non-browser client sends neither Origin nor Sec-Fetch-Site.
    expect(() => checkCsrf(post({ 'x-iss-csrf': '1' }))).not.toThrow();
  });

  it('refuses a POST without the header, from another origin, or marked cross-site or same-site', () => {
    process.env.APP_URL = 'https://hiring.example.com';
    resetEnvCache();
    const refused = (headers: Record<string, string>) => {
      try {
        checkCsrf(post(headers));
        return null;
      } catch (error) {
        return (error as { appCode: string }).appCode;
      }
    };
    expect(refused({})).toBe('FORBIDDEN');
    expect(refused({ 'x-iss-csrf': '0' })).toBe('FORBIDDEN');
    expect(refused({ 'x-iss-csrf': '1', origin: 'https://evil.example' })).toBe('FORBIDDEN');
    expect(refused({ 'x-iss-csrf': '1', origin: 'https://hiring.example.com.evil.example' })).toBe('FORBIDDEN');
    expect(refused({ 'x-iss-csrf': '1', 'sec-fetch-site': 'cross-site' })).toBe('FORBIDDEN');
    expect(refused({ 'x-iss-csrf': '1', 'sec-fetch-site': 'same-site' })).toBe('FORBIDDEN');
  });
});
