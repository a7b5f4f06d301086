import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`'s build step: `next build`, unless the production build in .next was made from exactly these sources.
 * CI runs `npm test` twice on one tree (PGlite, then PostgreSQL) and the second build would repeat the first one
 * byte for byte (two minutes of a two-core machine). The fingerprint covers every file git would commit (tracked or
 * new, not ignored) except what never enters the bundle (tests, browser specs, the bench, Markdown), plus the
 * environment variables Next.js inlines at build time. `npm run build` still always builds.
 */
const ROOT = process.cwd();
const STAMP = path.join(ROOT, '.next', 'source-fingerprint');
const OUTSIDE_THE_BUNDLE = [/^tests\//, /^e2e\//, /^bench\//, /^\.ci\//, /\.test\.tsx?$/, /\.md$/];

function sourceFingerprint(): string {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout
    .split('\0')
    .filter((file) => file && !OUTSIDE_THE_BUNDLE.some((pattern) => pattern.test(file)))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const absolute = path.join(ROOT, file);
    // A tracked file deleted in the work tree is listed but absent: its absence is part of the fingerprint.
    hash.update(`${file}\0${existsSync(absolute) ? createHash('sha256').update(readFileSync(absolute)).digest('hex') : 'absent'}\0`);
  }
  const inlined = Object.keys(process.env)
    .filter((name) => name.startsWith('NEXT_PUBLIC_') || name === 'NODE_ENV')
    .sort()
    .map((name) => `${name}=${process.env[name]}`);
  hash.update(inlined.join('\0'));
  return hash.digest('hex');
}

function main(): number {
  const fingerprint = sourceFingerprint();
  const built = existsSync(path.join(ROOT, '.next', 'BUILD_ID')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === fingerprint;
  if (built) {
    console.log('The production build in .next is from these exact sources: not rebuilding (`npm run build` forces it).');
    return 0;
  }
  const build = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'next'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;
  const compress = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/compress-static.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (compress.status !== 0) return compress.status ?? 1;
  writeFileSync(STAMP, fingerprint);
  return 0;
}

process.exit(main());
