import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { runGroup } from './child-processes';

/**
 * A PostgreSQL server of this test's own: `initdb` into a temporary directory with the machine's binaries
 * (/usr/lib/postgresql/<version>/bin), on a free port, its socket in the same directory. Tests that stop, restart
 * or kill PostgreSQL do it to this one, so they never disturb other test files or anyone else using the
 * machine's shared server. When we are root the server runs as the `postgres` user (PostgreSQL refuses root).
 */

/**
 * A command to its end, failing on a non-zero exit. Through the suite's child-process helper: the server pg_ctl
 * starts inherits the run's marker, so one left running fails the run (pg_ctl puts it in a session of its own, so
 * ending pg_ctl's group does not touch it).
 */
async function run(command: string, args: string[], options: { timeout?: number } = {}): Promise<{ stdout: string }> {
  const result = await runGroup(command, args, { timeoutMs: options.timeout ?? 60_000 });
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.code ?? result.signal}: ${result.stderr.trim()}`);
  return result;
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** The same server, another database. */
  urlFor: (database: string) => string;
  createDatabase: (name: string) => Promise<string>;
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** Stop (fast: active sessions get 57P01/57P03 as PostgreSQL shuts down) and start again. */
  restart: (mode?: 'fast' | 'immediate') => Promise<void>;
  isRunning: () => Promise<boolean>;
  /** Stops the server and removes its directory. */
  destroy: () => Promise<void>;
};

export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v) && existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error(`No PostgreSQL binaries under ${root} (set PG_BIN_DIR)`);
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

export function canStartPrivatePostgres(): boolean {
  try {
    postgresBinDir();
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(options: { name?: string } = {}): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const root = mkdtempSync(path.join(tmpdir(), `iss-pg-${options.name ?? 'private'}-`));
  const dataDir = path.join(root, 'data');
  const asRoot = userInfo().uid === 0;
  let uid = -1;
  let gid = -1;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    uid = Number(stdout.trim());
    gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    chownSync(root, uid, gid);
  }
  const pg = (tool: string, args: string[], timeout = 120_000) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { timeout }) : run(path.join(bin, tool), args, { timeout });

  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // Small and quick: no durability needed, few connections (two app instances, a worker, the runner).
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    `-c listen_addresses=127.0.0.1`,
    `-c max_connections=120`,
    `-c shared_buffers=32MB`,
    `-c fsync=off`,
    `-c synchronous_commit=off`,
    `-c full_page_writes=off`,
    `-c log_min_messages=warning`,
  ].join(' ');
  const logFile = path.join(root, 'postgres.log');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const urlFor = (database: string) => {
    const u = new URL(url);
    u.pathname = `/${database}`;
    return u.toString();
  };
  const start = async () => {
    await pg('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
  };
  const isRunning = async () => {
    try {
      await pg('pg_ctl', ['-D', dataDir, 'status'], 10_000);
      return true;
    } catch {
      return false;
    }
  };
  await start();
  let destroyed = false;
  return {
    url,
    port,
    dataDir,
    urlFor,
    createDatabase: async (name) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`create database "${name}"`);
      } finally {
        await sql.end({ timeout: 5 });
      }
      return urlFor(name);
    },
    start,
    stop,
    restart: async (mode = 'fast') => {
      await stop(mode);
      await start();
    },
    isRunning,
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      if (await isRunning()) await stop('immediate').catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Synchronous best effort, for process exit handlers: stop the server so no postgres outlives the run. */
export function stopPrivatePostgresSync(instance: PrivatePostgres | undefined): void {
  if (!instance) return;
  try {
    const bin = postgresBinDir();
    const args = ['-D', instance.dataDir, '-m', 'immediate', 'stop'];
    if (userInfo().uid === 0) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], { stdio: 'ignore', timeout: 30_000 });
    else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore', timeout: 30_000 });
    rmSync(path.dirname(instance.dataDir), { recursive: true, force: true });
  } catch {
    // Best effort.
  }
}
