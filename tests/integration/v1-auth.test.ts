import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOrg, makeKey, request, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let org: TestOrg;

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
});
afterAll(() => app?.close());

describe('REST v1 authentication', () => {
  it('401 without a key, with the envelope and a request id', async () => {
    const res = await request(app.url, '/api/v1/candidates');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    expect(res.body.error.requestId).toMatch(/^req_/);
    expect(res.headers.get('x-request-id')).toBe(res.body.error.requestId);
  });

  it('401 for a wrong key and for a revoked one', async () => {
    expect((await request(app.url, '/api/v1/candidates', { key: 'isk_notarealkey000000000000000000000000' })).status).toBe(401);
    const key = await makeKey(app.db, org.orgId, ['candidates:read']);
    expect((await request(app.url, '/api/v1/candidates', { key: key.key })).status).toBe(200);
    const { revokeApiKey } = await import('@/server/services/api-keys/revoke-api-key');
    await revokeApiKey(app.db, { orgId: org.orgId, id: key.id });
    const after = await request(app.url, '/api/v1/candidates', { key: key.key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('UNAUTHORIZED');
  });

  it('accepts X-API-Key as well as Authorization: Bearer', async () => {
    const res = await request(app.url, '/api/v1/candidates', { key: null, headers: { 'x-api-key': org.apiKey } });
    expect(res.status).toBe(200);
  });

  it('403 naming the missing scope', async () => {
    const key = await makeKey(app.db, org.orgId, ['candidates:read']);
    const res = await request(app.url, '/api/v1/interviews', { key: key.key });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN' });
    expect(res.body.error.message).toContain('interviews:read');
  });

  it('404 envelope for an unknown path, with no internals', async () => {
    const res = await org.api('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    // The envelope and nothing else; the words are searched outside the request id, which is random letters.
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message', 'requestId']);
    expect(res.body.error.requestId).toMatch(/^req_[A-Za-z0-9]+$/);
    expect(res.text.replace(res.body.error.requestId, '')).not.toMatch(/stack|trpc|procedure/i);
  });
});
