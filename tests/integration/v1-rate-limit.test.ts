import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/server/auth/scopes';
import { createTestOrg, makeKey, request, type ApiResponse, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError } from '../support/v1';
import { awaitRoomInWindow } from '../support/rate-limit-window';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

function rateHeaders(res: ApiResponse) {
  return {
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
    reset: res.headers.get('ratelimit-reset'),
  };
}

function expectRateHeaders(res: ApiResponse, limit: number, remaining: number) {
  const h = rateHeaders(res);
  expect(h.limit, `RateLimit-Limit on ${res.status}`).toBe(String(limit));
  expect(h.remaining, `RateLimit-Remaining on ${res.status}`).toBe(String(remaining));
  expect(h.reset, `RateLimit-Reset on ${res.status}`).toMatch(/^\d+$/);
  expect(Number(h.reset)).toBeGreaterThanOrEqual(1);
  expect(Number(h.reset)).toBeLessThanOrEqual(60);
}

describe('REST v1 rate limit', () => {
  it('N requests pass, the N+1th is 429 RATE_LIMITED with an integer Retry-After', async () => {
    await awaitRoomInWindow();
    const org = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 5 });
    for (let i = 1; i <= 5; i++) {
      const res = await org.api('/api/v1/candidates');
      expect(res.status, res.text).toBe(200);
      expectRateHeaders(res, 5, 5 - i);
      expectCleanResponse(res);
    }
    const limited = await org.api('/api/v1/candidates');
    expectError(limited, 429, 'RATE_LIMITED');
    expectRateHeaders(limited, 5, 0);
    const retryAfter = limited.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(Number(retryAfter)).toBe(Number(limited.headers.get('ratelimit-reset')));
    // Every route is behind the same counter, writes included.
    const write = await org.api('/api/v1/candidates', { method: 'POST', body: { email: 'limited@example.com' } });
    expectError(write, 429, 'RATE_LIMITED');
  });

  it('RateLimit headers are on error responses after authentication too', async () => {
    await awaitRoomInWindow();
    const org = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 50 });
    const readOnly = await makeKey(app.db, org.orgId, ['candidates:read'], 50);
    const responses: [ApiResponse, number][] = [
      [await org.api('/api/v1/candidates/cnd_doesnotexist000000000'), 404],
      [await org.api('/api/v1/candidates?pageSize=500'), 400],
      [await org.api('/api/v1/candidates', { method: 'POST', body: { email: 'bad' } }), 400],
      [await org.api('/api/v1/candidates', { method: 'POST', rawBody: '{', headers: { 'content-type': 'application/json' } }), 400],
      [await org.api('/api/v1/candidates', { method: 'POST', rawBody: 'x', headers: { 'content-type': 'text/plain' } }), 415],
      [await org.api('/api/v1/no-such-route'), 404],
    ];
    responses.forEach(([res, status], i) => {
      expect(res.status, res.text).toBe(status);
      expectRateHeaders(res, 50, 50 - (i + 1));
      expectCleanResponse(res);
    });
    const forbidden = await request(app.url, '/api/v1/interviews', { key: readOnly.key });
    expect(forbidden.status).toBe(403);
    expectRateHeaders(forbidden, 50, 49);
    // Without a valid key there is no key to count against.
    const anonymous = await request(app.url, '/api/v1/candidates');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('ratelimit-limit')).toBeNull();
  });

  it('the service default applies to keys without their own limit', async () => {
    const org = await createTestOrg(app.db, app.url);
    const res = await org.api('/api/v1/interviews');
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-limit')).toBe(process.env.RATE_LIMIT_PER_MINUTE ?? '600');
  });

  it('limits are per key: one key exhausted, another key of the same organization still passes', async () => {
    await awaitRoomInWindow();
    const org: TestOrg = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 2 });
    const second = await makeKey(app.db, org.orgId, [...SCOPES], 2);
    expect((await org.api('/api/v1/interviews')).status).toBe(200);
    expect((await org.api('/api/v1/interviews')).status).toBe(200);
    expectError(await org.api('/api/v1/interviews'), 429, 'RATE_LIMITED');
    const other = await request(app.url, '/api/v1/interviews', { key: second.key });
    expect(other.status).toBe(200);
    expectRateHeaders(other, 2, 1);
    const otherOrg = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 2 });
    expect((await otherOrg.api('/api/v1/interviews')).status).toBe(200);
  });

  it('a burst of concurrent requests lets exactly N through', async () => {
    await awaitRoomInWindow();
    const org = await createTestOrg(app.db, app.url, { rateLimitPerMinute: 4 });
    const results = await Promise.all(Array.from({ length: 10 }, () => org.api('/api/v1/candidates')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
