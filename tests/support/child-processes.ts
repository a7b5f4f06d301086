import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every process a test (or the cluster runner) starts goes through here.
 *
 * Each child leads a process group of its own (`detached: true`) and is ended as a group (`kill(-pid)`): most of
 * what we start is a `tsx` wrapper whose real program is node, its child. A SIGKILL to the wrapper cannot be
 * passed on, so signalling the wrapper alone left the program running, orphaned (issue #27: `scripts/worker.ts`
 * processes outliving `npm test`). The group also takes whatever the program itself started.
 *
 * Each child also carries ISS_TEST_CHILD_OF=<run id> in its environment, which its own children inherit, so the
 * run's global teardown can find, from /proc, anything that outlived the run, even a process that left the group.
 * Each spawn is also noted in the run's directory (ISS_TEST_RUN_DIR): a run that started nothing checks nothing.
 */

export const CHILD_MARKER = 'ISS_TEST_CHILD_OF';
/** Set by the global setup (tests/support/global-setup.ts), inherited by vitest's workers. */
export const RUN_ID_VARIABLE = 'ISS_TEST_RUN';
export const RUN_DIR_VARIABLE = 'ISS_TEST_RUN_DIR';

export type SpawnGroupOptions = Omit<SpawnOptions, 'detached'> & {
  /** The run this child belongs to; only the helper's own tests give another one. */
  run?: { id: string; dir?: string };
};

/** A live group this process started: ended on exit if the test did not end it. */
type Registry = { groups: Set<number>; exitHookInstalled: boolean };
const REGISTRY_KEY = Symbol.for('iss.test.child-process-groups');

function registry(): Registry {
  const holder = globalThis as unknown as Record<symbol, Registry | undefined>;
  holder[REGISTRY_KEY] ??= { groups: new Set(), exitHookInstalled: false };
  return holder[REGISTRY_KEY];
}

/** This run's id; outside a vitest run (the cluster runner) a new one, shared with what this process starts. */
export function currentRunId(): string {
  process.env[RUN_ID_VARIABLE] ??= `run-${process.pid}-${randomBytes(4).toString('hex')}`;
  return process.env[RUN_ID_VARIABLE];
}

export function spawnGroup(command: string, args: readonly string[], options: SpawnGroupOptions = {}): ChildProcess {
  const { run = { id: currentRunId(), dir: process.env[RUN_DIR_VARIABLE] }, env = process.env, ...rest } = options;
  const child = spawn(command, args, { ...rest, env: { ...env, [CHILD_MARKER]: run.id }, detached: true });
  if (child.pid === undefined) return child; // spawn failed: the 'error' event says why; nothing to end.
  const pgid = child.pid;
  const { groups } = registry();
  groups.add(pgid);
  installExitHook();
  if (run.dir) noteSpawn(run.dir, pgid, command, args);
  // The leader's exit does not end the group (that is the point), but a group already ended need not be kept.
  child.once('exit', () => {
    if (!groupAlive(pgid)) groups.delete(pgid);
  });
  return child;
}

/** Signals every process of the child's group. Never throws: an ended group is what we want. */
export function killGroup(child: ChildProcess | number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  const pgid = typeof child === 'number' ? child : child?.pid;
  if (pgid === undefined || pgid <= 1) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: nothing left in the group.
  }
  if (signal === 'SIGKILL') registry().groups.delete(pgid);
}

/** True while any process of the group exists. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Ends a group: `signal` (SIGTERM by default) to every member, up to `graceMs` for them to exit, then SIGKILL.
 * Resolves once no member is left (or after a further few seconds, if the kernel is slow to reap them).
 */
export async function endGroup(child: ChildProcess | undefined, options: { signal?: NodeJS.Signals; graceMs?: number } = {}): Promise<void> {
  const pgid = child?.pid;
  if (pgid === undefined) return;
  const { signal = 'SIGTERM', graceMs = 5_000 } = options;
  if (signal !== 'SIGKILL' && groupAlive(pgid)) {
    killGroup(pgid, signal);
    await waitUntil(() => !groupAlive(pgid), graceMs);
  }
  killGroup(pgid, 'SIGKILL');
  await waitUntil(() => !groupAlive(pgid), 5_000);
}

/** Ends every group this process started and has not ended: for afterAll and exit handlers (synchronous). */
export function killAllGroups(): void {
  for (const pgid of [...registry().groups]) killGroup(pgid, 'SIGKILL');
}

export type RunResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

/**
 * Runs a command to its end in its own group, like execFile: collects its output, and on `timeoutMs` ends the
 * whole group (execFile's timeout would signal the wrapper only). The group is ended after the leader exits too,
 * so nothing the command left running outlives it.
 */
export function runGroup(command: string, args: readonly string[], options: SpawnGroupOptions & { timeoutMs?: number } = {}): Promise<RunResult> {
  const { timeoutMs, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    // Output is collected from pipes; `stdio` may send it elsewhere (a file descriptor), then it is not.
    const child = spawnGroup(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.stderr?.on('data', (chunk) => (stderr += chunk));
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(child, 'SIGKILL');
      resolve({ code, signal, stdout, stderr });
    });
  });
}

function installExitHook(): void {
  const state = registry();
  if (state.exitHookInstalled) return;
  state.exitHookInstalled = true;
  process.once('exit', killAllGroups);
  // A signal that would end this process ends what it started first, then takes its default course, unless
  // someone else handles it (vitest, the cluster runner), in which case they decide and the exit hook follows.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    const onSignal = () => {
      killAllGroups();
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

function noteSpawn(dir: string, pgid: number, command: string, args: readonly string[]): void {
  try {
    writeFileSync(path.join(dir, `${pgid}.json`), JSON.stringify({ pgid, command: [command, ...args].join(' '), by: process.pid }));
  } catch {
    // The check at the end is a safety net; a note it cannot write must not fail the test that spawns.
  }
}

/** The processes the run noted as started (their groups' leaders), from the run's directory. */
export function notedSpawns(dir: string): Array<{ pgid: number; command: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { pgid: number; command: string }];
      } catch {
        return [];
      }
    });
}

export type Survivor = { pid: number; pgid: number; state: string; command: string };

/**
 * Live processes that carry the run's marker. A zombie (exited, waiting to be reaped) is not one: it runs
 * nothing, and its environment can no longer be read anyway. Needs /proc (Linux); elsewhere, the noted groups
 * that still have a member.
 */
export function findSurvivors(runId: string, notedGroups: readonly number[] = []): Survivor[] {
  if (!existsSync('/proc/self/environ')) {
    return notedGroups.filter(groupAlive).map((pgid) => ({ pid: pgid, pgid, state: '?', command: '(group still has members)' }));
  }
  const needle = `\0${CHILD_MARKER}=${runId}\0`;
  const survivors: Survivor[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
      if (!`\0${environ}`.includes(needle)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' || state === 'X') continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
      survivors.push({ pid, pgid: Number(pgrp), state, command });
    } catch {
      // Gone meanwhile, or not ours to read (another user's process cannot carry our marker).
    }
  }
  return survivors;
}

/**
 * The end-of-run check: what carries the run's marker after up to `graceMs` (a process told to stop a moment
 * ago may still be on its way out) is killed, and returned so the caller can fail the run with the list.
 */
export async function endSurvivors(runId: string, options: { graceMs?: number; notedGroups?: readonly number[] } = {}): Promise<Survivor[]> {
  const { graceMs = 3_000, notedGroups = [] } = options;
  let survivors = findSurvivors(runId, notedGroups);
  const deadline = Date.now() + graceMs;
  while (survivors.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    survivors = findSurvivors(runId, notedGroups);
  }
  for (const survivor of survivors) {
    // Each survivor by its pid: its group may be one we must not signal (a test's own, if it escaped ours).
    try {
      process.kill(survivor.pid, 'SIGKILL');
    } catch {
      // Gone meanwhile.
    }
  }
  if (!existsSync('/proc/self/environ')) for (const pgid of notedGroups) killGroup(pgid, 'SIGKILL');
  // Within vitest's teardownTimeout (10 s) with the grace above.
  await waitUntil(() => findSurvivors(runId, notedGroups).length === 0, 3_000);
  return survivors;
}

/**
 * The global teardown's check of a run: nothing if the run started nothing, else throws with the list of what
 * outlived it (killed by then).
 */
export async function checkRunEnded(run: { id: string; dir: string }, options: { graceMs?: number } = {}): Promise<void> {
  const noted = notedSpawns(run.dir);
  if (noted.length === 0) return;
  const survivors = await endSurvivors(run.id, { ...options, notedGroups: noted.map((n) => n.pgid) });
  if (survivors.length > 0) {
    throw new Error(`${survivors.length} process(es) started by the tests outlived them (now killed):\n${describeSurvivors(survivors)}`);
  }
}

export function describeSurvivors(survivors: readonly Survivor[]): string {
  return survivors.map((s) => `  pid ${s.pid} (group ${s.pgid}, state ${s.state}): ${s.command}`).join('\n');
}

async function waitUntil(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
