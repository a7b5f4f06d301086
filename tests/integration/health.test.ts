import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('health and readiness', () => {
  it('/api/health answers without touching the database', async () => {
    const res = await request(app.url, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('/api/ready reports the database reachable and the migrations current', async () => {
    const res = await request(app.url, '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ready: true, database: 'ok', migrations: 'current' });
    expect(res.body.applied).toBeGreaterThanOrEqual(res.body.expected);
  });

  it('serves /favicon.ico as an icon', async () => {
    const res = await fetch(`${app.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('an unknown /api path is a 404 in the error envelope', async () => {
    const res = await request(app.url, '/api/does-not-exist', { method: 'POST', body: {} });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
