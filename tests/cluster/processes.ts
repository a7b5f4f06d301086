import type { ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { killGroup, spawnGroup } from '../support/child-processes';
import { nodeArgsOfNpmScript } from '../support/npm-script-node-args';

/**
 * The cluster's child processes, through the tests' child-process helper: each runs as `npm start` and `npm run
 * worker` do (node with tsx as its loader, one process, which gets the signals itself) in its own process group,
 * so a SIGKILL reaches the whole instance, and each carries the run's marker, so the runner can check at its end
 * that nothing outlived the run.
 */

export type ManagedProcess = {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited: Promise<number | null>;
  /** Set when the runner stopped or killed it on purpose. */
  expectedExit: boolean;
};

const running = new Set<ManagedProcess>();
const allStarted = new Set<ManagedProcess>();

export function startProcess(name: string, script: string, env: NodeJS.ProcessEnv, logDir: string): ManagedProcess {
  const logFile = path.join(logDir, `${name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  // As npm start and npm run worker run them (the Node options in package.json).
  const child = spawnGroup(process.execPath, [...nodeArgsOfNpmScript(script.includes('worker') ? 'worker' : 'start'), script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const managed: ManagedProcess = {
    name,
    child,
    logFile,
    expectedExit: false,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null)))),
  };
  running.add(managed);
  allStarted.add(managed);
  void managed.exited.then(() => running.delete(managed));
  return managed;
}

export function signalProcess(managed: ManagedProcess, signal: NodeJS.Signals): void {
  killGroup(managed.child, signal);
}

/** SIGTERM every process, then SIGKILL what is still there after the grace period. */
export async function stopAll(graceMs = 15_000): Promise<void> {
  const all = [...running];
  for (const managed of all) {
    managed.expectedExit = true;
    signalProcess(managed, 'SIGTERM');
  }
  const timeout = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
  await Promise.race([Promise.all(all.map((m) => m.exited)), timeout]);
  killAllNow();
}

/** Synchronous, for process exit handlers. */
export function killAllNow(): void {
  for (const managed of running) signalProcess(managed, 'SIGKILL');
}

/** Processes that died without the runner asking them to. */
export function unexpectedExits(): ManagedProcess[] {
  return [...allStarted].filter((m) => !m.expectedExit && (m.child.exitCode !== null || m.child.signalCode !== null));
}

export function logTail(managed: ManagedProcess, lines = 30): string {
  try {
    return readFileSync(managed.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Polls /api/ready until 200; fails early if the process exits. */
export async function waitReady(baseUrl: string, managed: ManagedProcess, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (managed.child.exitCode !== null) throw new Error(`${managed.name} exited with ${managed.child.exitCode} before it was ready:\n${logTail(managed)}`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${managed.name} not ready after ${timeoutMs / 1000} s:\n${logTail(managed)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
