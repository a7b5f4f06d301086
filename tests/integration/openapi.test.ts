import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { forEachOpenApiProcedure, normalizePath } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/server/auth/scopes';
import { appRouter } from '@/server/routers/app-router';
import type { Meta } from '@/server/trpc';
import { createTestOrg, request, type TestOrg } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every REST v1 route of SPEC.md, path parameters written `{}` since their names are the router's choice. */
const SPEC_V1_ROUTES = [
  'get /interviews',
  'get /interviews/{}',
  'post /interviews',
  'get /reports/interviews/{}',
  'get /reports/tests/{}',
  'get /reports/{}',
  'get /reports/export',
  'get /candidates',
  'get /candidates/{}',
  'post /candidates',
];
const template = (route: string) => route.replace(/\{[^}]+\}/g, '{}');

/** The router's REST v1 procedures, as "method /path" with their meta. */
function routerRoutes(): Map<string, Meta> {
  const routes = new Map<string, Meta>();
  forEachOpenApiProcedure(appRouter._def.procedures as any, ({ meta }) => {
    routes.set(`${meta.openapi.method.toLowerCase()} ${normalizePath(meta.openapi.path)}`, meta as Meta);
  });
  return routes;
}

function operations(doc: Json): { method: string; path: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] as Json })),
  );
}

function resolvePointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), doc);
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((child) => collectRefs(child, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

const deref = (doc: Json, node: Json): Json => (node?.$ref ? deref(doc, resolvePointer(doc, node.$ref) as Json) : node);

let app: TestApp;
let org: TestOrg;
let served: { status: number; headers: Headers; text: string; body: Json };

beforeAll(async () => {
  app = await startTestApp();
  org = await createTestOrg(app.db, app.url);
  served = await request(app.url, '/api/v1/openapi.json');
});
afterAll(() => app?.close());

describe('GET /api/v1/openapi.json', () => {
  it('is public JSON, served by its own route rather than the authenticated catch-all', async () => {
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/json/);
    expect(served.headers.get('x-request-id')).toMatch(/^req_/);
    expect(served.body.openapi).toBeDefined();
    // The [...trpc] catch-all would have answered 401 without a key.
    const again = await request(app.url, '/api/v1/openapi.json', { key: 'isk_notarealkey000000000000000000000000' });
    expect(again.status).toBe(200);
    expect(again.text).toBe(served.text);
  });

  it('is the committed docs/openapi.json, byte for byte', async () => {
    const committed = await readFile(path.join(process.cwd(), 'docs', 'openapi.json'), 'utf8');
    expect(served.text).toBe(committed);
  });

  it('answers other methods with the 404 envelope', async () => {
    const res = await request(app.url, '/api/v1/openapi.json', { method: 'POST', body: {} });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.body.error.requestId).toMatch(/^req_/);
  });
});

describe('the OpenAPI document', () => {
  it('has the shape of OpenAPI 3.1 with operations that all have responses', () => {
    const doc = served.body;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: '1.0.0' });
    expect(doc.info.description).toMatch(/Idempotency-Key/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/v1' })]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      expect(path.startsWith('/'), path).toBe(true);
      expect(METHODS.some((m) => item[m]), `${path} has no operation`).toBe(true);
    }
    const ids = new Set<string>();
    for (const { method, path, op } of operations(doc)) {
      expect(op.operationId, `${method} ${path}`).toEqual(expect.any(String));
      expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
      expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      const statuses = Object.keys(op.responses ?? {});
      expect(statuses.some((s) => /^2\d\d$/.test(s)), `${method} ${path} has no success response`).toBe(true);
      for (const parameter of op.parameters ?? []) {
        const resolved = deref(doc, parameter);
        expect(resolved.description, `${method} ${path} parameter ${resolved.name}`).toEqual(expect.any(String));
      }
    }
  });

  it('resolves every $ref, and keeps none of the generator’s own error schemas', () => {
    const refs = collectRefs(served.body);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(resolvePointer(served.body, ref), ref).toBeDefined();
    expect(Object.keys(served.body.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);
  });

  it('lists every REST v1 procedure of the router, and every SPEC.md route the router has', () => {
    const documented = new Set(operations(served.body).map(({ method, path }) => template(`${method} ${path}`)));
    const routes = [...routerRoutes().keys()].map(template);
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) expect(documented.has(route), route).toBe(true);
    for (const route of SPEC_V1_ROUTES.filter((r) => routes.includes(r))) expect(documented.has(route), route).toBe(true);
    for (const route of ['get /interviews', 'get /interviews/{}', 'post /interviews', 'get /candidates', 'get /candidates/{}', 'post /candidates']) {
      expect(documented.has(route), route).toBe(true);
    }
  });

  it('documents the export route, which is not a procedure', () => {
    const op = served.body.paths['/reports/export']?.get;
    expect(op).toBeDefined();
    expect(op['x-required-scopes']).toEqual(['reports:read']);
    const parameters = Object.fromEntries(op.parameters.map((p: Json) => [p.name, p]));
    expect(parameters.campaignId).toMatchObject({ in: 'query', required: true });
    expect(parameters.format.schema.enum).toEqual(['json', 'csv', 'readable-csv']);
    expect(parameters.type.schema.enum).toEqual(['interviews', 'tests', 'all']);
    expect(Object.keys(op.responses['200'].content).sort()).toEqual(['application/json', 'text/csv']);
    expect(op.responses['404']).toBeDefined();
  });

  it('secures every operation with either scheme and states its one required scope', () => {
    const schemes = served.body.components.securitySchemes;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const routes = routerRoutes();
    for (const { method, path, op } of operations(served.body)) {
      expect(op.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
      const [scope, ...rest] = op['x-required-scopes'];
      expect(rest, `${method} ${path}`).toEqual([]);
      expect(SCOPES, `${method} ${path}`).toContain(scope);
      expect(op.description, `${method} ${path}`).toContain(`Required scope: \`${scope}\``);
      const meta = routes.get(`${method} ${path}`);
      if (meta) expect(scope, `${method} ${path}`).toBe(meta.scope);
    }
  });

  it('answers creations with 201, not 200, and takes Idempotency-Key on every POST', () => {
    const routes = routerRoutes();
    for (const { method, path, op } of operations(served.body)) {
      const expected = String(routes.get(`${method} ${path}`)?.successStatus ?? 200);
      expect(Object.keys(op.responses).filter((s) => /^2/.test(s))[0], `${method} ${path}`).toBe(expected);
      const headerParams = (op.parameters ?? []).map((p: Json) => deref(served.body, p)).filter((p: Json) => p.in === 'header');
      expect(headerParams.some((p: Json) => p.name === 'Idempotency-Key'), `${method} ${path}`).toBe(method === 'post');
    }
    for (const path of ['/interviews', '/candidates']) {
      const responses = served.body.paths[path].post.responses;
      expect(responses['201']).toBeDefined();
      expect(responses['200']).toBeUndefined();
      expect(responses['422']).toBeDefined();
    }
  });

  it('gives every error response the contract’s envelope, and the headers it is sent with', () => {
    const doc = served.body;
    const envelope = doc.components.schemas.Error;
    expect(envelope.required).toEqual(['error']);
    expect(envelope.properties.error.required).toEqual(['code', 'message', 'requestId']);
    expect(envelope.properties.error.properties.code.enum).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'NOT_FOUND', 'RATE_LIMITED', 'IDEMPOTENCY_KEY_REUSED']));
    for (const { method, path, op } of operations(doc)) {
      for (const status of ['401', '403', '429', '500']) expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
      for (const [status, raw] of Object.entries(op.responses as Json)) {
        const response = deref(doc, raw);
        const headers = Object.keys(response.headers ?? {});
        expect(headers, `${method} ${path} ${status}`).toContain('X-Request-Id');
        if (Number(status) < 400) continue;
        expect(response.content['application/json'].schema, `${method} ${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        expect(response.content['application/json'].example.error.code, `${method} ${path} ${status}`).toEqual(expect.any(String));
        if (status === '429') expect(headers).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
      }
    }
  });
});

describe('the document against the running API', () => {
  it('describes the real error body and headers', async () => {
    const res = await request(app.url, '/api/v1/candidates');
    expect(res.status).toBe(401);
    const documented = Object.keys(served.body.components.schemas.Error.properties.error.properties);
    for (const key of Object.keys(res.body.error)) expect(documented).toContain(key);
    const ok = await org.api('/api/v1/candidates?pageSize=1');
    expect(ok.status).toBe(200);
    for (const header of ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(ok.headers.get(header), header).not.toBeNull();
  });

  it('describes the real body of a created candidate, with the documented 201', async () => {
    const res = await org.api('/api/v1/candidates', { body: { email: `doc-${Date.now()}@example.com` } });
    expect(res.status).toBe(201);
    const schema = deref(served.body, served.body.paths['/candidates'].post.responses['201'].content['application/json'].schema);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(schema.properties).sort());
    for (const key of schema.required) expect(res.body, key).toHaveProperty(key);
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive reference as HTML pointing at the document', async () => {
    const res = await request(app.url, '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('id="swagger-ui"');
    expect(res.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const init = await request(app.url, '/api/docs/assets/init.js');
    expect(init.text).toContain('/api/v1/openapi.json');
  });

  it('serves the allowed assets from swagger-ui-dist', async () => {
    const bundle = await fetch(`${app.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const css = await fetch(`${app.url}/api/docs/assets/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    await css.arrayBuffer();
  });

  it('answers any other asset name with the 404 envelope', async () => {
    for (const name of ['package.json', 'index.html', 'swagger-ui.js', 'swagger-initializer.js', '..%2Fpackage.json', '..%2F..%2Fpackage.json', '__proto__', 'constructor']) {
      const res = await request(app.url, `/api/docs/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body?.error?.code, name).toBe('NOT_FOUND');
      expect(res.text, name).not.toContain('"version"');
    }
  });
});
