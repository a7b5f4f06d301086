import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '@/server/auth/scopes';
import { revokeApiKey } from '@/server/services/api-keys/revoke-api-key';
import { createTestOrg, makeCandidate, makeInterview, makeJob, makeKey, request, type ApiInit } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectCleanResponse, expectError } from '../support/v1';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Every v1 route of this slice with the scope it needs and a request that would succeed with it. */
async function routesOf(orgId: string) {
  const candidate = await makeCandidate(app.db, orgId);
  const job = await makeJob(app.db, orgId);
  const interview = await makeInterview(app.db, orgId, { candidateId: candidate.id, jobId: job.id });
  const routes: { name: string; path: string; init: ApiInit; scope: Scope; okStatus: number }[] = [
    { name: 'GET /interviews', path: '/api/v1/interviews', init: {}, scope: 'interviews:read', okStatus: 200 },
    { name: 'GET /interviews/:id', path: `/api/v1/interviews/${interview.id}`, init: {}, scope: 'interviews:read', okStatus: 200 },
    {
      name: 'POST /interviews',
      path: '/api/v1/interviews',
      init: { method: 'POST', body: { candidateId: candidate.id, jobId: job.id, sendInvite: false } },
      scope: 'interviews:write',
      okStatus: 201,
    },
    { name: 'GET /candidates', path: '/api/v1/candidates', init: {}, scope: 'candidates:read', okStatus: 200 },
    { name: 'GET /candidates/:id', path: `/api/v1/candidates/${candidate.id}`, init: {}, scope: 'candidates:read', okStatus: 200 },
    { name: 'POST /candidates', path: '/api/v1/candidates', init: { method: 'POST', body: { email: `${job.id.toLowerCase()}@example.com` } }, scope: 'candidates:write', okStatus: 201 },
  ];
  return routes;
}

describe('REST v1 authentication: 401', () => {
  it('missing, malformed, wrong and revoked keys, through Authorization: Bearer and X-API-Key', async () => {
    const org = await createTestOrg(app.db, app.url);
    const revoked = await makeKey(app.db, org.orgId, [...SCOPES]);
    await revokeApiKey(app.db, { orgId: org.orgId, id: revoked.id });
    const wrong = `isk_${'0'.repeat(40)}`;
    const attempts: Record<string, Record<string, string>> = {
      'no credentials': {},
      'empty bearer': { authorization: 'Bearer ' },
      'basic auth': { authorization: `Basic ${Buffer.from(`${org.apiKey}:`).toString('base64')}` },
      'key without Bearer': { authorization: org.apiKey },
      'wrong bearer key': { authorization: `Bearer ${wrong}` },
      'not an api key': { authorization: 'Bearer hello' },
      'revoked bearer key': { authorization: `Bearer ${revoked.key}` },
      'truncated key': { authorization: `Bearer ${org.apiKey.slice(0, -1)}` },
      'empty X-API-Key': { 'x-api-key': '' },
      'wrong X-API-Key': { 'x-api-key': wrong },
      'revoked X-API-Key': { 'x-api-key': revoked.key },
    };
    for (const [name, headers] of Object.entries(attempts)) {
      // Without any credential an unknown path is the contract's 404 (issue 14, tests/integration/http-edge.test.ts).
      for (const path of ['/api/v1/interviews', '/api/v1/candidates', ...(name === 'no credentials' ? [] : ['/api/v1/unknown-path'])]) {
        const res = await request(app.url, path, { headers });
        try {
          expectError(res, 401, 'UNAUTHORIZED');
        } catch (error) {
          throw new Error(`${name} on ${path}: ${(error as Error).message}`);
        }
      }
    }
    const post = await request(app.url, '/api/v1/candidates', { method: 'POST', body: { email: 'x@example.com' }, headers: { 'x-api-key': revoked.key } });
    expectError(post, 401, 'UNAUTHORIZED');
    // The valid key passes both ways, so the rejections above are about the credentials.
    expect((await request(app.url, '/api/v1/candidates', { headers: { authorization: `Bearer ${org.apiKey}` } })).status).toBe(200);
    expect((await request(app.url, '/api/v1/candidates', { headers: { 'x-api-key': org.apiKey } })).status).toBe(200);
    expect((await request(app.url, '/api/v1/candidates', { headers: { authorization: `bearer   ${org.apiKey}` } })).status).toBe(200);
  });

  it('a key revoked while in use fails at once', async () => {
    const org = await createTestOrg(app.db, app.url);
    const key = await makeKey(app.db, org.orgId, ['candidates:read']);
    expect((await request(app.url, '/api/v1/candidates', { key: key.key })).status).toBe(200);
    await revokeApiKey(app.db, { orgId: org.orgId, id: key.id });
    expectError(await request(app.url, '/api/v1/candidates', { key: key.key }), 401, 'UNAUTHORIZED');
    expectError(await request(app.url, '/api/v1/candidates', { headers: { 'x-api-key': key.key } }), 401, 'UNAUTHORIZED');
  });
});

describe('REST v1 scopes: 403', () => {
  it('each route refuses a key that lacks its scope, naming the scope, and accepts a key with only that scope', async () => {
    const org = await createTestOrg(app.db, app.url);
    const routes = await routesOf(org.orgId);
    for (const route of routes) {
      const allButOne = await makeKey(app.db, org.orgId, SCOPES.filter((s) => s !== route.scope));
      const none = await makeKey(app.db, org.orgId, []);
      for (const key of [allButOne, none]) {
        for (const via of ['bearer', 'x-api-key'] as const) {
          const init = via === 'bearer' ? { ...route.init, key: key.key } : { ...route.init, headers: { 'x-api-key': key.key } };
          const res = await request(app.url, route.path, init);
          try {
            expectError(res, 403, 'FORBIDDEN');
            expect(res.body.error.message).toContain(route.scope);
          } catch (error) {
            throw new Error(`${route.name} with scopes [${key.scopes.join(',')}] via ${via}: ${(error as Error).message}`);
          }
        }
      }
      const only = await makeKey(app.db, org.orgId, [route.scope]);
      const ok = await request(app.url, route.path, { ...route.init, key: only.key });
      expectCleanResponse(ok);
      expect(ok.status, `${route.name}: ${ok.text}`).toBe(route.okStatus);
    }
  });

  it('the scope is checked before the input: a bad body or a missing id is still 403', async () => {
    const org = await createTestOrg(app.db, app.url);
    const readOnly = await makeKey(app.db, org.orgId, ['interviews:read', 'candidates:read']);
    const writeOnly = await makeKey(app.db, org.orgId, ['interviews:write', 'candidates:write']);
    const cases: [string, ApiInit, string][] = [
      ['/api/v1/candidates', { method: 'POST', body: { email: 'not-an-email', extra: 1 }, key: readOnly.key }, 'candidates:write'],
      ['/api/v1/interviews', { method: 'POST', body: { candidateId: 'cnd_missing00000000000' }, key: readOnly.key }, 'interviews:write'],
      ['/api/v1/interviews/itv_doesnotexist000000000', { key: writeOnly.key }, 'interviews:read'],
      ['/api/v1/candidates/cnd_doesnotexist000000000', { key: writeOnly.key }, 'candidates:read'],
      ['/api/v1/candidates?pageSize=1000', { key: writeOnly.key }, 'candidates:read'],
      ['/api/v1/interviews?status=BOGUS', { key: writeOnly.key }, 'interviews:read'],
    ];
    for (const [path, init, scope] of cases) {
      const res = await request(app.url, path, init);
      expectError(res, 403, 'FORBIDDEN');
      expect(res.body.error.message).toContain(scope);
    }
  });

  it('reports:read alone opens none of these routes', async () => {
    const org = await createTestOrg(app.db, app.url);
    const reportsOnly = await makeKey(app.db, org.orgId, ['reports:read']);
    for (const route of await routesOf(org.orgId)) {
      const res = await request(app.url, route.path, { ...route.init, key: reportsOnly.key });
      expectError(res, 403, 'FORBIDDEN');
    }
  });
});
