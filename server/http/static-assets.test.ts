import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressStaticAssets, createStaticAssets } from './static-assets';

/**
 * A build without the postbuild step: its files are compressed on first request and kept; with the step, the
 * copies on disk are what is sent. Files the build did not have when the server started go on to Next.js.
 */
let dir: string;
let server: Server;
let url: string;
const script = `console.log(${JSON.stringify('a fairly repetitive line of JavaScript '.repeat(200))});\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'iss-static-'));
  mkdirSync(path.join(dir, 'static', 'chunks'), { recursive: true });
  writeFileSync(path.join(dir, 'static', 'chunks', 'lazy.js'), script);
  writeFileSync(path.join(dir, 'static', 'chunks', 'built.js'), script);
  writeFileSync(path.join(dir, 'static', 'chunks', 'font.woff2'), 'not text');
  // Only built.js gets its copies on disk: a marker in them shows which one is sent.
  await compressStaticAssets(dir);
  rmSync(path.join(dir, 'static', 'chunks', 'lazy.js.br'));
  rmSync(path.join(dir, 'static', 'chunks', 'lazy.js.gz'));
  const assets = createStaticAssets(dir);
  server = createServer((req, res) => {
    if (assets(req, res)) return;
    res.statusCode = 404;
    res.setHeader('X-Handled-By', 'next');
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function get(file: string, acceptEncoding: string): Promise<{ status: number; encoding?: string; handledBy?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${url}${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], handledBy: res.headers['x-handled-by'] as string | undefined, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('static files without and with their compressed copies', () => {
  it('compresses a file that has no copy on first request, the same bytes each time', async () => {
    const first = await get('/_next/static/chunks/lazy.js', 'br');
    const second = await get('/_next/static/chunks/lazy.js', 'br');
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(script);
    expect(second.body.equals(first.body)).toBe(true);
    const gz = await get('/_next/static/chunks/lazy.js', 'gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('sends the copy written after the build', async () => {
    writeFileSync(path.join(dir, 'static', 'chunks', 'built.js.br'), 'the copy on disk');
    const sent = await get('/_next/static/chunks/built.js', 'br');
    expect(sent.encoding).toBe('br');
    expect(sent.body.toString()).toBe('the copy on disk');
  });

  it('leaves other types, unknown files and files added after start to Next.js', async () => {
    writeFileSync(path.join(dir, 'static', 'chunks', 'later.js'), script);
    for (const file of ['/_next/static/chunks/font.woff2', '/_next/static/chunks/later.js', '/_next/static/chunks/../../../etc/passwd']) {
      expect(await get(file, 'br')).toMatchObject({ status: 404, handledBy: 'next' });
    }
  });
});
