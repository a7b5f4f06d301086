import { readdirSync, readFileSync } from 'node:fs';
import type postgres from 'postgres';
import { BENCH_APPLICATION_NAME } from './database';

/**
 * CPU time spent by the server's processes and by its PostgreSQL backends, from /proc (Linux). On a shared
 * machine wall-clock latency mostly measures the neighbours; CPU milliseconds per request measure our work.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return null;
  }
}

export function processGroupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

type Snapshot = Map<number, number>;

function snapshot(pids: number[]): Snapshot {
  const map: Snapshot = new Map();
  for (const pid of pids) {
    const ticks = cpuTicks(pid);
    if (ticks !== null) map.set(pid, ticks);
  }
  return map;
}

const deltaMs = (before: Snapshot, after: Snapshot) => [...after].reduce((sum, [pid, t]) => sum + (t - (before.get(pid) ?? t)), 0) * TICK_MS;

export type CpuUsage = { appCpuMs: number; dbCpuMs: number; clientCpuMs: number };

/** The bare baseline's PostgreSQL sessions carry this application_name (bench/baseline/bare-server.ts). */
export const BARE_APPLICATION_NAME = 'iss-bare-baseline';

/**
 * Starts measuring; the returned function stops and gives the CPU milliseconds spent meanwhile. `backends` says
 * whose PostgreSQL backends count: the product's (every session on the database but the baseline's and the
 * bench's own, named `iss-bench`) or the bare baseline's.
 */
export async function startCpuMeter(options: { serverPgid: number; sql: postgres.Sql; databaseName: string; backends?: 'product' | 'bare' }): Promise<() => Promise<CpuUsage>> {
  const bare = options.backends === 'bare';
  const backends = async () =>
    (
      // Client sessions only: an autovacuum worker on the bench database is nobody's request.
      await options.sql`select pid from pg_stat_activity where datname = ${options.databaseName} and pid <> pg_backend_pid()
        and backend_type = 'client backend' and application_name <> ${BENCH_APPLICATION_NAME}
        and (application_name = ${BARE_APPLICATION_NAME}) = ${bare}`
    ).map((r) => Number(r.pid));
  const appBefore = snapshot(processGroupPids(options.serverPgid));
  const dbBefore = snapshot(await backends());
  const clientBefore = process.cpuUsage();
  return async () => {
    const client = process.cpuUsage(clientBefore);
    const appAfter = snapshot(processGroupPids(options.serverPgid));
    const dbAfter = snapshot(await backends());
    return { appCpuMs: deltaMs(appBefore, appAfter), dbCpuMs: deltaMs(dbBefore, dbAfter), clientCpuMs: Math.round((client.user + client.system) / 1000) };
  };
}
