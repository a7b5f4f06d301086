import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextRoutesUnderV1, routePattern } from './v1-fast-path';

describe('routePattern', () => {
  it('matches static, dynamic and catch-all segments like the App Router', () => {
    expect(routePattern('/api/v1/openapi.json').test('/api/v1/openapi.json')).toBe(true);
    expect(routePattern('/api/v1/openapi.json').test('/api/v1/openapiXjson')).toBe(false);
    expect(routePattern('/api/v1/reports/export').test('/api/v1/reports/export/')).toBe(true);
    expect(routePattern('/api/v1/reports/export').test('/api/v1/reports/exports')).toBe(false);
    expect(routePattern('/api/v1/things/[id]').test('/api/v1/things/abc')).toBe(true);
    expect(routePattern('/api/v1/things/[id]').test('/api/v1/things/abc/def')).toBe(false);
    expect(routePattern('/api/v1/files/[...path]').test('/api/v1/files/a/b')).toBe(true);
    expect(routePattern('/api/v1/files/[...path]').test('/api/v1/files')).toBe(false);
    expect(routePattern('/api/v1/opt/[[...path]]').test('/api/v1/opt')).toBe(true);
    expect(routePattern('/api/v1/opt/[[...path]]').test('/api/v1/opt/x/y')).toBe(true);
  });
});

describe('nextRoutesUnderV1', () => {
  it('lists the route files under /api/v1 except the v1 catch-all', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fast-path-'));
    writeFileSync(
      path.join(dir, 'app-path-routes-manifest.json'),
      JSON.stringify({
        '/api/v1/[...trpc]/route': '/api/v1/[...trpc]',
        '/api/v1/openapi.json/route': '/api/v1/openapi.json',
        '/api/v1/reports/export/route': '/api/v1/reports/export',
        '/api/[...path]/route': '/api/[...path]',
        '/page': '/',
      }),
    );
    const routes = nextRoutesUnderV1(dir);
    expect(routes.map(String).sort()).toEqual([String(routePattern('/api/v1/openapi.json')), String(routePattern('/api/v1/reports/export'))].sort());
  });

  it('without a manifest, leaves everything to Next.js', () => {
    const routes = nextRoutesUnderV1(path.join(tmpdir(), 'no-such-build-dir'));
    expect(routes.some((r) => r.test('/api/v1/interviews'))).toBe(true);
  });
});
