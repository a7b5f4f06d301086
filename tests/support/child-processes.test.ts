import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_MARKER, checkRunEnded, endGroup, findSurvivors, killGroup, runGroup, spawnGroup } from './child-processes';

/**
 * The helper every test's child processes go through (issue #27: `scripts/worker.ts` processes outlived
 * `npm test`, because the tests SIGKILLed the `tsx` wrapper and the real program, its child, lived on).
 */

const TSX = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
const PROGRAM = 'tests/support/spawn-grandchild.ts';
const canSeeProcesses = process.platform === 'linux';

type Pids = { program: number; grandchild: number };

/** Alive and not a zombie: a zombie has exited and only waits for its parent to collect its status. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function pidsOf(child: ChildProcess): Promise<Pids> {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const started = await eventually(() => output.includes('\n') || child.exitCode !== null, 60_000);
  if (!started || !output.includes('\n')) throw new Error(`the program did not start: ${output}`);
  return JSON.parse(output.split('\n')[0]) as Pids;
}

/** Anything a test here leaves by mistake; the test then fails on its own assertion. */
const leftovers = new Set<number>();
afterAll(() => {
  for (const pid of leftovers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone.
    }
  }
});

describe.runIf(canSeeProcesses)('child processes started by tests', () => {
  it('before: a SIGKILL to the tsx wrapper (what the tests did) leaves its program and the program’s child running', async () => {
    // Today's way, kept here to show why the helper exists: a plain spawn, the wrapper killed.
    const child = spawn(TSX, [PROGRAM], { stdio: ['ignore', 'pipe', 'ignore'] });
    const pids = await pidsOf(child);
    leftovers.add(pids.program).add(pids.grandchild);
    child.kill('SIGKILL');
    await eventually(() => child.exitCode !== null || child.signalCode !== null);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(running(pids.program), 'the program outlives its wrapper').toBe(true);
    expect(running(pids.grandchild), 'and so does what it started').toBe(true);
  }, 90_000);

  it('killGroup ends the tsx wrapper, its program and the program’s child', async () => {
    const child = spawnGroup(TSX, [PROGRAM], { stdio: ['ignore', 'pipe', 'ignore'] });
    const pids = await pidsOf(child);
    leftovers.add(pids.program).add(pids.grandchild);
    killGroup(child);
    expect(await eventually(() => !running(pids.program) && !running(pids.grandchild)), JSON.stringify(pids)).toBe(true);
  }, 90_000);

  it('endGroup asks with SIGTERM first, then SIGKILLs what ignores it', async () => {
    const child = spawnGroup(TSX, [PROGRAM, '--ignore-sigterm'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const pids = await pidsOf(child);
    leftovers.add(pids.program).add(pids.grandchild);
    await endGroup(child, { graceMs: 1_000 });
    expect(running(pids.program)).toBe(false);
    expect(running(pids.grandchild), 'the grandchild ignoring SIGTERM is killed').toBe(false);
  }, 90_000);

  it('runGroup ends what a command left running when it exits', async () => {
    const result = await runGroup(TSX, [PROGRAM, '--exit'], { timeoutMs: 60_000 });
    expect(result.code, result.stderr).toBe(0);
    const pids = JSON.parse(result.stdout.split('\n')[0]) as Pids;
    leftovers.add(pids.grandchild);
    expect(await eventually(() => !running(pids.grandchild)), 'the grandchild left behind is ended with the group').toBe(true);
  }, 90_000);

  it('the end-of-run check finds what outlived its run by the run’s marker, kills it and fails with the list', async () => {
    // A run of its own (the real run's other test files may have processes alive right now).
    const dir = await mkdtemp(path.join(tmpdir(), 'iss-test-run-check-'));
    const run = { id: `check-${randomBytes(4).toString('hex')}`, dir };
    try {
      const child = spawnGroup(TSX, [PROGRAM], { stdio: ['ignore', 'pipe', 'ignore'], run });
      const pids = await pidsOf(child);
      leftovers.add(pids.program).add(pids.grandchild);
      // The program and its child inherit the marker; the wrapper alone is killed, as before.
      expect(readFileSync(`/proc/${pids.grandchild}/environ`, 'latin1').split('\0')).toContain(`${CHILD_MARKER}=${run.id}`);
      process.kill(child.pid!, 'SIGKILL');
      await eventually(() => child.exitCode !== null || child.signalCode !== null);

      const found = findSurvivors(run.id).map((s) => s.pid);
      expect(found).toEqual(expect.arrayContaining([pids.program, pids.grandchild]));
      const failure = await checkRunEnded(run, { graceMs: 500 }).then(
        () => null,
        (error: Error) => error,
      );
      expect(failure?.message).toMatch(/2 process\(es\) started by the tests outlived them/);
      expect(failure?.message).toContain(`pid ${pids.grandchild} `);
      expect(failure?.message).toContain('spawn-grandchild.ts');
      expect(await eventually(() => !running(pids.program) && !running(pids.grandchild))).toBe(true);
      expect(findSurvivors(run.id)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('the check is quiet for a run that ended what it started, even while it is still exiting, and for a run that started nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'iss-test-run-check-'));
    const run = { id: `check-${randomBytes(4).toString('hex')}`, dir };
    try {
      await expect(checkRunEnded(run)).resolves.toBeUndefined();
      const child = spawnGroup(TSX, [PROGRAM], { stdio: ['ignore', 'pipe', 'ignore'], run });
      const pids = await pidsOf(child);
      leftovers.add(pids.program).add(pids.grandchild);
      // Told to stop a moment before the check: on its way out, not a survivor.
      killGroup(child, 'SIGTERM');
      await expect(checkRunEnded(run)).resolves.toBeUndefined();
      expect(running(pids.program) || running(pids.grandchild)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

/** Files allowed to use node:child_process directly, and why. */
const DIRECT_USE_ALLOWED: Record<string, string> = {
  'tests/support/child-processes.ts': 'the helper itself',
  'tests/support/spawn-grandchild.ts': 'the program the helper is tested with',
  'tests/support/child-processes.test.ts': 'shows what a plain spawn leaves behind',
  'tests/support/private-postgres.ts': 'pg_ctl stop from a synchronous exit handler',
  'server/log-stdout.test.ts': 'a synchronous probe, at collection time, for whether strace may trace here',
};

function sourceFiles(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(process.cwd(), path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).includes('node_modules') && keep(file));
}

describe('the tests start processes only through the helper', () => {
  it('no test, spec or test support file imports node:child_process but the few allowed', () => {
    const files = [
      ...sourceFiles('tests', () => true),
      ...sourceFiles('e2e', () => true),
      ...['server', 'db', 'components'].flatMap((dir) => sourceFiles(dir, (file) => /\.test\.tsx?$/.test(file))),
    ];
    expect(files).toContain(path.join('tests', 'integration', 'worker-database-outage.test.ts'));
    // A type-only import (ChildProcess, for a variable) starts nothing.
    const direct = files.filter((file) => /^import (?!type )[^;]*from ['"](node:)?child_process['"]|require\(['"](node:)?child_process['"]\)/m.test(readFileSync(file, 'utf8')));
    expect(direct.filter((file) => !(file.split(path.sep).join('/') in DIRECT_USE_ALLOWED))).toEqual([]);
  });
});
