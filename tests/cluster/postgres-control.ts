import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import postgres from 'postgres';

/**
 * This machine's local PostgreSQL server (Debian's pg_ctlcluster), restarted once during the cluster run. Only
 * used when the server URL points at this machine.
 */

const run = promisify(execFile);

function clusterVersion(): string {
  const versions = readdirSync('/etc/postgresql').filter((v) => /^\d+$/.test(v));
  if (versions.length === 0) throw new Error('No PostgreSQL cluster under /etc/postgresql');
  return versions.sort((a, b) => Number(b) - Number(a))[0];
}

export function canControlLocalPostgres(serverUrl: string): boolean {
  try {
    const host = new URL(serverUrl).hostname;
    return ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host) && clusterVersion().length > 0;
  } catch {
    return false;
  }
}

export async function restartPostgres(): Promise<void> {
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', clusterVersion(), 'main', 'restart'], { timeout: 120_000 });
}

/** Starts the cluster if it is not running: the run must leave PostgreSQL up, whatever happened. */
export async function ensurePostgresRunning(): Promise<void> {
  const version = clusterVersion();
  try {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'status'], { timeout: 30_000 });
  } catch {
    await run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { timeout: 120_000 });
  }
}

/** Waits until the server accepts a query again. */
export async function waitForPostgres(serverUrl: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const sql = postgres(serverUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
    try {
      await sql`select 1`;
      return Date.now() - started;
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  }
}
