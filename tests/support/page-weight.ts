import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The JavaScript a page of the production build loads first, from the build's own manifests: the framework's
 * root files (`build-manifest.json` rootMainFiles) and every chunk the route's client-reference manifest lists for
 * its layouts, page and boundaries, each counted at the size of its Brotli copy (scripts/compress-static.ts), as
 * the server sends it to Chromium. Chunks a page loads later (dialogs on first use) are not counted. The bench
 * measures the same thing in Chromium over HTTP; this reads it in milliseconds, for a test.
 */
export function firstLoadJsBytes(route: string, distDir = path.join(process.cwd(), '.next')): { total: number; chunks: { file: string; bytes: number }[] } {
  const buildManifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const manifestFile = path.join(distDir, 'server', 'app', route, 'page_client-reference-manifest.js');
  const sandbox: { self?: unknown; globalThis?: unknown; __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } = {};
  sandbox.self = sandbox;
  sandbox.globalThis = sandbox;
  vm.runInNewContext(readFileSync(manifestFile, 'utf8'), sandbox);
  const manifest = Object.values(sandbox.__RSC_MANIFEST ?? {})[0];
  if (!manifest) throw new Error(`no client-reference manifest for ${route}`);
  const files = new Set(buildManifest.rootMainFiles);
  for (const chunks of Object.values(manifest.entryJSFiles)) for (const chunk of chunks) files.add(chunk);
  const chunks = [...files].map((file) => {
    const compressed = path.join(distDir, `${file}.br`);
    return { file, bytes: statSync(existsSync(compressed) ? compressed : path.join(distDir, file)).size };
  });
  return { total: chunks.reduce((sum, c) => sum + c.bytes, 0), chunks: chunks.sort((a, b) => b.bytes - a.bytes) };
}
