import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/**
 * Next.js's hashed build files (/_next/static/…) served by the Node server with Brotli, which Next.js does not do:
 * its `compress` option gzips every response anew. Brotli takes 13–20 % off the JavaScript a dashboard page
 * loads. The files are compressed once: at build (`compressStaticAssets`, run after `next build`, writes `x.js.br`
 * and `x.js.gz` beside each file at the highest levels) or, for a build made without that step, on first request
 * at a fast level, kept in memory. Only the files the build wrote are served (a fixed table read at start, so no
 * path from the request reaches the file system); anything else, a Range request or a non-text file goes on to
 * Next.js.
 */
export type StaticAssets = (req: IncomingMessage, res: ServerResponse) => boolean;

const PREFIX = '/_next/static/';
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=UTF-8',
};
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip' | 'identity';
type Entry = { file: string; type: string; bodies: Partial<Record<Encoding, Promise<Buffer>>> };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createStaticAssets(distDir: string): StaticAssets {
  const root = path.join(distDir, 'static');
  const table = new Map<string, Entry>();
  for (const relative of compressibleFiles(root)) {
    table.set(PREFIX + relative.split(path.sep).join('/'), { file: path.join(root, relative), type: TYPES[path.extname(relative)], bodies: {} });
  }
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX) || req.headers.range) return false;
    const query = url.indexOf('?');
    const entry = table.get(query === -1 ? url : url.slice(0, query));
    if (!entry) return false;
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    body(entry, encoding).then(
      (bytes) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', entry.type);
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', bytes.byteLength);
        res.end(req.method === 'HEAD' ? undefined : bytes);
      },
      () => {
        // The build changed under a running server (a file gone): the same 404 Next.js would give.
        res.statusCode = 404;
        res.setHeader('Cache-Control', 'no-store');
        res.end();
      },
    );
    return true;
  };
}

function body(entry: Entry, encoding: Encoding): Promise<Buffer> {
  let bytes = entry.bodies[encoding];
  if (!bytes) {
    bytes = encoding === 'identity' ? readFile(entry.file) : readFile(`${entry.file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => body(entry, 'identity').then((raw) => compress(raw, encoding, 'fast')));
    // A failed read is not remembered: the next request tries again.
    bytes.catch(() => {
      if (entry.bodies[encoding] === bytes) delete entry.bodies[encoding];
    });
    entry.bodies[encoding] = bytes;
  }
  return bytes;
}

function compress(raw: Buffer, encoding: 'br' | 'gzip', effort: 'fast' | 'best'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(raw, { level: effort === 'best' ? 9 : 6 });
  return brotli(raw, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: effort === 'best' ? zlib.BROTLI_MAX_QUALITY : 5,
      [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
    },
  });
}

/**
 * Brotli when the client accepts it, else gzip, else the file as is. Browsers send "gzip, deflate, br, zstd"
 * (Chromium advertises br over HTTPS and to localhost); a coding with q=0 is refused.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

function compressibleFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((dirent) => dirent.isFile() && path.extname(dirent.name) in TYPES)
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)));
}

/**
 * Writes `x.br` and `x.gz` beside each text file of the build's static directory, at the highest levels (run once
 * after `next build`: a few seconds for the whole build). Returns the files written and their total sizes.
 */
export async function compressStaticAssets(distDir: string): Promise<{ files: number; raw: number; gzip: number; br: number }> {
  const root = path.join(distDir, 'static');
  const totals = { files: 0, raw: 0, gzip: 0, br: 0 };
  for (const relative of compressibleFiles(root)) {
    const file = path.join(root, relative);
    const raw = await readFile(file);
    if (raw.byteLength < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([compress(raw, 'br', 'best'), compress(raw, 'gzip', 'best')]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    totals.files++;
    totals.raw += raw.byteLength;
    totals.gzip += gz.byteLength;
    totals.br += br.byteLength;
  }
  return totals;
}
