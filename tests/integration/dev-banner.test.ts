import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endGroup, spawnGroup } from '../support/child-processes';

/**
 * `npm run dev` on a fresh embedded database: the demo is seeded, and the banner (login, API key, agent secret)
 * is the last thing printed, readable, not buried under the simulated agent's request log lines.
 */

const PORT = process.env.DEV_BANNER_TEST_PORT ?? '3141';

describe('npm run dev', () => {
  let child: ChildProcess | undefined;
  let dir: string | undefined;

  afterAll(async () => {
    // The whole group: tsx's child is the dev server itself.
    await endGroup(child, { graceMs: 3_000 });
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints the banner last, after a quiet seeding summarised in one line', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'iss-dev-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT, PGLITE_DIR: path.join(dir, 'pglite'), DEMO_AGENT_TURN_DELAY_MS: '0' };
    for (const name of ['NODE_ENV', 'LOG_LEVEL', 'LOG_DESTINATION', 'DATABASE_URL', 'TEST_DATABASE_URL', 'APP_URL', 'RUN_WORKER']) delete env[name];
    let output = '';
    child = spawnGroup(path.join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['scripts/dev.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const deadline = Date.now() + 240_000;
    while (!output.includes('Agent secret:')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no banner:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    // Whatever the process still prints soon after must not push the banner away.
    await new Promise((r) => setTimeout(r, 5_000));
    const lines = output.split('\n').filter((l) => l.trim() !== '');
    const bannerStart = lines.findIndex((l) => l.includes('Interview screening service (development)'));
    expect(bannerStart, output.slice(-3000)).toBeGreaterThanOrEqual(0);
    const banner = lines.slice(bannerStart);
    expect(banner.some((l) => l.includes('Dashboard:') && l.includes('sign in as'))).toBe(true);
    expect(banner.some((l) => l.includes('API key:') && /isk_/.test(l))).toBe(true);
    expect(banner.some((l) => l.includes('Demo data:'))).toBe(true);
    // Nothing but the banner after its first line: no log line (JSON) interleaved or following.
    expect(banner.filter((l) => l.trimStart().startsWith('{')), output.slice(-3000)).toEqual([]);
    // The seeding's hundreds of request lines are not printed at all.
    expect(lines.filter((l) => l.includes('"msg":"request"')).length, output.slice(-3000)).toBe(0);
  }, 300_000);
});
