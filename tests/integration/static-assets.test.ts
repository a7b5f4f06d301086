import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '@/server/http/static-assets';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The build's static files over real HTTP from the production server (server/http/static-assets.ts): Brotli to a
 * browser that accepts it, gzip otherwise, the same bytes once decoded, cached for good, and Vary so that no cache
 * hands one client's coding to another.
 */

let app: TestApp;
let scripts: string[];

beforeAll(async () => {
  app = await startTestApp({ RUN_WORKER: 'false' });
  const html = await (await fetch(`${app.url}/login`)).text();
  scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]);
});

afterAll(async () => {
  await app?.close();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One request with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
function get(path: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${app.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static files', () => {
  it('the page loads its scripts from /_next/static', () => {
    expect(scripts.length).toBeGreaterThan(2);
  });

  it('Brotli to a browser that accepts it, gzip to one that does not, the same JavaScript once decoded', async () => {
    for (const script of scripts) {
      const plain = await get(script, { 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/javascript; charset=UTF-8');
      expect(Number(plain.headers['content-length'])).toBe(plain.body.byteLength);

      const br = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('Accept-Encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

      const gz = await get(script, { 'accept-encoding': 'gzip, deflate' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      if (plain.body.byteLength > 4096) expect(br.body.byteLength).toBeLessThan(gz.body.byteLength);
    }
  });

  it('a coding refused with q=0 is not used; HEAD says the length without the body', async () => {
    const [script] = scripts;
    const refused = await get(script, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const head = await get(script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.byteLength).toBe(0);
  });

  it('a file the build did not write is still Next.js’s 404', async () => {
    const missing = await get('/_next/static/chunks/not-a-chunk.js', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
  });

  it('Accept-Encoding parsing', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, identity')).toBe('identity');
    expect(preferredEncoding(' GZIP ')).toBe('gzip');
  });
});
