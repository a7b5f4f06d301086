import { isTransientDatabaseError } from '@/server/jobs/queue';
import { log } from '@/server/log';

/**
 * The last line of defence of a long-lived process (web, worker, dev server). Every promise the code and the job
 * queue start is meant to be handled where it is made; what still escapes is logged here with the process's
 * role, and then:
 *
 * - an unhandled rejection keeps the process serving: a promise that nobody awaited failed, the state it left is
 *   the state any failed request leaves (transactions roll back, jobs are retried);
 * - an uncaught exception caused by the database going away (a connection's socket error with no listener) keeps
 *   it serving too: the pools reconnect by themselves;
 * - any other uncaught exception exits with code 70 (EX_SOFTWARE) after the log line is written: the process's
 *   state is unknown, and a supervisor (systemd, Kubernetes, a container runtime) must start a fresh one.
 *
 * docs/DEPLOYMENT.md ("When a process fails") says what operators see.
 */
export function installProcessGuards(role: 'web' | 'worker' | 'dev'): void {
  const key = Symbol.for('interview-screening.process-guards');
  const globals = globalThis as typeof globalThis & { [key]?: boolean };
  if (globals[key]) return;
  globals[key] = true;

  process.on('unhandledRejection', (reason) => {
    const databaseAway = isTransientDatabaseError(reason);
    log[databaseAway ? 'warn' : 'error']({ err: reason, role, pid: process.pid, databaseAway }, 'unhandled promise rejection; the process keeps serving');
  });

  process.on('uncaughtException', (error, origin) => {
    if (isTransientDatabaseError(error)) {
      log.warn({ err: error, role, pid: process.pid, origin }, 'database connection error escaped; the process keeps serving');
      return;
    }
    log.fatal({ err: error, role, pid: process.pid, origin }, 'uncaught exception; exiting for the supervisor to restart the process');
    // pino writes synchronously to stdout or its destination file; give pending I/O a moment, then leave.
    process.exitCode = 70;
    setTimeout(() => process.exit(70), 100).unref();
  });
}

/**
 * Start-up of a long-lived process. A database that is restarting at this very moment (refused connections,
 * 57P03 while it starts, a connection cut during the migrations) is waited for: the whole start-up is tried
 * again for up to STARTUP_DATABASE_WAIT_MS, logging each wait; `start` must release what it opened when it
 * throws. Any other failure, or one that outlasts the wait, ends the process with code 1 and one log line, so a
 * supervisor restarts it. Without this, the guards above would keep alive a process whose start-up failed: a
 * worker that works nothing.
 */
export const STARTUP_DATABASE_WAIT_MS = 60_000;

export async function startOrExit<T>(role: 'web' | 'worker', start: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + STARTUP_DATABASE_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (isTransientDatabaseError(error) && Date.now() < deadline) {
        const { message, code } = error as Error & { code?: string };
        log.warn({ role, attempt, error: { message, code } }, 'database not reachable during start-up; trying again');
        await new Promise((resolve) => setTimeout(resolve, Math.min(500 * attempt, 3_000)));
        continue;
      }
      log.fatal({ err: error, role, pid: process.pid }, 'start-up failed; exiting');
      process.exit(1);
    }
  }
}
