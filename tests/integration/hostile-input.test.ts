import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, interviews } from '@/db/schema';
import { agentApi, makeAgentInterview } from '../support/agent';
import { createTestOrg, makeCandidate, makeJob, request, type ApiResponse, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Regressions found by the property suites (tests/property): each answered a 5xx, a bare framework response, a
 * hang, or stored something other than what was accepted.
 */

let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false' });
  org = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

function expectEnvelope(res: ApiResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body?.error).toMatchObject({ code, requestId: res.headers.get('x-request-id') });
  expect(res.headers.get('x-request-id')).toMatch(/^req_/);
}

describe('text PostgreSQL cannot store', () => {
  it('NUL in a query filter is a 400 naming the parameter (was a 500)', async () => {
    for (const param of ['search', 'jobId', 'tags']) {
      const res = await org.api(`/api/v1/candidates?${param}=a%00b`);
      expectEnvelope(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.issues).toEqual([{ path: param, message: 'Must not contain the NUL character' }]);
    }
    expectEnvelope(await org.api('/api/v1/interviews?campaignId=%00'), 400, 'VALIDATION_ERROR');
  });

  it('NUL or an unpaired surrogate in a body is a 400 naming the field, and nothing is stored (was a 500, or U+FFFD stored)', async () => {
    const nul = await org.api('/api/v1/candidates', { body: { email: 'nul@example.com', firstName: 'a\u0000b' } });
    expectEnvelope(nul, 400, 'VALIDATION_ERROR');
    expect(nul.body.error.issues).toEqual([{ path: 'firstName', message: 'Must not contain the NUL character' }]);
    const surrogate = await org.api('/api/v1/candidates', { rawBody: '{"email":"sur@example.com","lastName":"x\\ud800y"}', headers: { 'content-type': 'application/json' } });
    expectEnvelope(surrogate, 400, 'VALIDATION_ERROR');
    expect(surrogate.body.error.issues[0].path).toBe('lastName');
    const stored = await app.db.select().from(candidates).where(eq(candidates.orgId, org.orgId));
    expect(stored).toHaveLength(0);
  });

  it('a __proto__ key in a turn evaluation is refused instead of silently dropped', async () => {
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const res = await agentApi(app.url, `/api/interviews/${interview.id}/turns`, {
      method: 'POST',
      rawBody: '{"turnNumber":1,"role":"candidate","evaluation":{"__proto__":{"isAdmin":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.issues).toEqual([{ path: 'evaluation.__proto__', message: 'The key __proto__ is not allowed' }]);
  });
});

describe('bodies and queries that crashed the handlers', () => {
  it('a body nested deeper than 64 levels is a 400, with or without Idempotency-Key (hashing it overflowed the stack)', async () => {
    const deep = `{"email":"deep@example.com","tags":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await org.api('/api/v1/candidates', { rawBody: deep, headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' } });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(/nest deeper than 64/);
  });

  it('query parameters named like Object.prototype members are unknown fields (trpc-to-openapi threw on them)', async () => {
    // (`__proto__` never reaches the handler: Next.js drops it from the URL it passes on.)
    for (const name of ['toString', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const res = await org.api(`/api/v1/interviews?${name}=1`);
      expectEnvelope(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.issues).toEqual([{ path: name, message: 'Unknown field' }]);
    }
  });

  it('JSON body fields are not coerced: "sendInvite": "false" or null is a 400, not an invitation or a draft', async () => {
    const candidate = await makeCandidate(app.db, org.orgId);
    const job = await makeJob(app.db, org.orgId);
    for (const sendInvite of ['false', null, 0, 'no']) {
      const res = await org.api('/api/v1/interviews', { body: { candidateId: candidate.id, jobId: job.id, sendInvite } });
      expectEnvelope(res, 400, 'VALIDATION_ERROR');
      expect(res.body.error.issues[0].path).toBe('sendInvite');
    }
    expect(await app.db.select().from(interviews).where(eq(interviews.candidateId, candidate.id))).toHaveLength(0);
    // Query strings, which are text, still convert.
    expect((await org.api('/api/v1/interviews?page=2&pageSize=5')).body.pagination).toMatchObject({ page: 2, pageSize: 5 });
  });

  it('a turn number reused with other content is a 409 without issues (issues are for validation errors)', async () => {
    const { interview } = await makeAgentInterview(app.db, org.orgId);
    const path = `/api/interviews/${interview.id}/turns`;
    expect((await agentApi(app.url, path, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'A' } })).status).toBe(201);
    const res = await agentApi(app.url, path, { method: 'POST', body: { turnNumber: 1, role: 'agent', content: 'B' } });
    expectEnvelope(res, 409, 'CONFLICT');
    expect(res.body.error).not.toHaveProperty('issues');
    expect(res.body.error.message).toMatch(/content/);
  });
});

describe('what Next.js or Node.js answered without the envelope', () => {
  it('malformed percent-encoding in a path is a 400 envelope (was a bare 500)', async () => {
    expectEnvelope(await org.api('/api/v1/candidates/%'), 400, 'VALIDATION_ERROR');
    expectEnvelope(await agentApi(app.url, '/api/interviews/%zz/history'), 400, 'VALIDATION_ERROR');
  });

  it('an unserved method under /api is the 404 envelope (was a bare 204 or 400)', async () => {
    for (const method of ['OPTIONS', 'PROPFIND']) {
      expectEnvelope(await org.api('/api/v1/candidates', { method }), 404, 'NOT_FOUND');
      expectEnvelope(await agentApi(app.url, '/api/interviews/itv_x/turns', { method }), 404, 'NOT_FOUND');
    }
  });

  it('/api itself is the 404 envelope (was the HTML not-found page)', async () => {
    for (const path of ['/api', '/api/', '/api/v1/..']) expectEnvelope(await request(app.url, path), 404, 'NOT_FOUND');
  });

  it('a trailing or doubled slash under /api is served, not redirected', async () => {
    const res = await fetch(`${app.url}/api/v1//candidates/`, { headers: { authorization: `Bearer ${org.apiKey}` }, redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('headers over 16 KiB get the envelope with a request id (was a bare 431)', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(app.server.port, '127.0.0.1', () =>
        socket.write(`GET /api/v1/candidates HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'k'.repeat(20_000)}\r\n\r\n`),
      );
      let out = '';
      socket.on('data', (chunk) => (out += chunk));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/X-Request-Id: req_/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).error.code).toBe('VALIDATION_ERROR');
  });

  it('health and readiness carry X-Request-Id like every other response', async () => {
    for (const path of ['/api/health', '/api/ready']) expect((await request(app.url, path)).headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('a streamed body over the limit gets 413 and the connection closes, so the client’s next request does not hang', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"a":"'));
        if (sent > 1_200_000) return controller.close();
        controller.enqueue(chunk);
        sent += chunk.byteLength;
      },
    });
    const res = await fetch(`${app.url}/api/v1/candidates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    await res.text();
    const next = await fetch(`${app.url}/api/v1/candidates`, { headers: { authorization: `Bearer ${org.apiKey}` }, signal: AbortSignal.timeout(10_000) });
    expect(next.status).toBe(200);
  });
});
