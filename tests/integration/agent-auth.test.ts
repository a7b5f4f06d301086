import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintMediaToken } from '@/server/auth/media-token';
import { newId } from '@/server/ids';
import { agentApi, makeAgentInterview } from '../support/agent';
import { createTestOrg, request } from '../support/factories';
import { startTestApp, TEST_AGENT_SECRET, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const ROUTES = (id: string) => [
  { method: 'GET', path: `/api/interviews/${id}/context` },
  { method: 'GET', path: `/api/interviews/${id}/history` },
  { method: 'POST', path: `/api/interviews/${id}/turns`, body: { turnNumber: 1, role: 'agent', content: 'Hello' } },
  { method: 'PATCH', path: `/api/interviews/${id}/turns/1`, body: { content: 'Hello' } },
  { method: 'POST', path: `/api/interviews/${id}/finalize`, body: {} },
];

describe('internal agent routes: authentication', () => {
  it('401 on every route without credentials, with the envelope and X-Request-Id', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    for (const route of ROUTES(interview.id)) {
      const res = await agentApi(app.url, route.path, { method: route.method, body: route.body, secret: null });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
      expect(res.body.error.requestId).toMatch(/^req_/);
      expect(res.headers.get('x-request-id')).toBe(res.body.error.requestId);
    }
  });

  it('an API key never opens an internal route (401), as Bearer or as X-API-Key, even with every scope', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    for (const route of ROUTES(interview.id)) {
      const bearer = await agentApi(app.url, route.path, { method: route.method, body: route.body, secret: null, headers: { authorization: `Bearer ${org.apiKey}` } });
      expect(bearer.status, `${route.method} ${route.path}`).toBe(401);
      expect(bearer.body.error.code).toBe('UNAUTHORIZED');
      const header = await agentApi(app.url, route.path, { method: route.method, body: route.body, secret: null, headers: { 'x-api-key': org.apiKey } });
      expect(header.status).toBe(401);
    }
    // Nothing was written through the rejected requests.
    const history = await agentApi(app.url, `/api/interviews/${interview.id}/history`);
    expect(history.body.turns).toEqual([]);
    expect(history.body.status).toBe('INVITED');
  });

  it('a wrong agent secret of any length is 401, never 500', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    for (const secret of ['', 'x', TEST_AGENT_SECRET.slice(0, -1), `${TEST_AGENT_SECRET}x`, TEST_AGENT_SECRET.toUpperCase(), 'é'.repeat(5000)]) {
      const res = await agentApi(app.url, `/api/interviews/${interview.id}/context`, { secret });
      expect(res.status, `secret of length ${secret.length}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    expect((await agentApi(app.url, `/api/interviews/${interview.id}/context`)).status).toBe(200);
  });

  it('a media token opens its own interview and gives 403 on any other (another org or missing alike)', async () => {
    const orgA = await createTestOrg(app.db, app.url);
    const orgB = await createTestOrg(app.db, app.url);
    const { interview: a } = await makeAgentInterview(app.db, orgA.orgId);
    const { interview: a2 } = await makeAgentInterview(app.db, orgA.orgId);
    const { interview: b } = await makeAgentInterview(app.db, orgB.orgId);
    const { token } = await mintMediaToken(a.id);
    const auth = { secret: null, headers: { authorization: `Bearer ${token}` } };

    const own = await agentApi(app.url, `/api/interviews/${a.id}/turns`, { ...auth, body: { turnNumber: 1, role: 'agent', content: 'Hi' } });
    expect(own.status).toBe(201);
    expect((await agentApi(app.url, `/api/interviews/${a.id}/history`, auth)).body.turns).toHaveLength(1);

    for (const other of [a2.id, b.id, newId('interview'), 'not-an-id']) {
      for (const route of ROUTES(other)) {
        const res = await agentApi(app.url, route.path, { ...auth, method: route.method, body: route.body });
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect(res.body.error.code).toBe('FORBIDDEN');
      }
    }
    const untouched = await agentApi(app.url, `/api/interviews/${b.id}/history`);
    expect(untouched.body.turns).toEqual([]);
  });

  it('an expired, forged or malformed media token is 401', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const expired = await mintMediaToken(interview.id, -60);
    const valid = await mintMediaToken(interview.id);
    const [header, payload] = valid.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const authorization of [`Bearer ${expired.token}`, `Bearer ${forged}`, 'Bearer not.a.jwt', 'Basic abc', 'Bearer']) {
      const res = await agentApi(app.url, `/api/interviews/${interview.id}/context`, { secret: null, headers: { authorization } });
      expect(res.status, authorization.slice(0, 20)).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('the agent secret is cross-organization by design; an unknown or malformed id is 404', async () => {
    const orgA = await createTestOrg(app.db, app.url);
    const orgB = await createTestOrg(app.db, app.url);
    const { interview: a } = await makeAgentInterview(app.db, orgA.orgId);
    const { interview: b } = await makeAgentInterview(app.db, orgB.orgId);
    expect((await agentApi(app.url, `/api/interviews/${a.id}/context`)).status).toBe(200);
    expect((await agentApi(app.url, `/api/interviews/${b.id}/context`)).status).toBe(200);
    for (const id of [newId('interview'), 'itv_short', 'cnd_0123456789abcdefghijkl', '%20', 'x'.repeat(300)]) {
      for (const route of ROUTES(id)) {
        const res = await agentApi(app.url, route.path, { method: route.method, body: route.body });
        expect(res.status, `${route.method} ${route.path}`).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
        expect(res.headers.get('x-request-id')).toMatch(/^req_/);
      }
    }
  });

  it('the agent routes are outside REST v1 and v1 keys do not reach them', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const res = await org.api(`/api/v1/interviews/${interview.id}/history`);
    expect(res.status).toBe(404);
    const unknown = await request(app.url, `/api/interviews/${interview.id}/nothing`, { headers: { 'x-agent-secret': TEST_AGENT_SECRET } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
  });

  it('another method on an internal path is the 404 envelope with a request id, not a bare 405', async () => {
    const org = await createTestOrg(app.db, app.url);
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    for (const [method, suffix] of [['GET', 'turns'], ['DELETE', 'turns/1'], ['PUT', 'finalize'], ['POST', 'history'], ['PATCH', 'context']]) {
      const res = await agentApi(app.url, `/api/interviews/${interview.id}/${suffix}`, { method });
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `No route matches ${method} /api/interviews/${interview.id}/${suffix}` });
      expect(res.headers.get('x-request-id')).toBe(res.body.error.requestId);
    }
  });
});
