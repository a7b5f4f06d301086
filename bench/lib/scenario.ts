import type { BenchDatabase } from './database';
import type { CpuUsage } from './cpu';
import type { LoadResult } from './load';
import type { ServerProcess } from './server';

/** One endpoint to measure: the path of request i, and the p95 it must meet, if it has a target. */
export type Measurement = {
  name: string;
  path: (i: number) => string;
  targetP95Ms?: number;
  expectStatus?: number;
};

/** One measured figure set, as printed and written to bench/results/latest.json. */
export type MeasuredEndpoint = LoadResult & {
  name: string;
  targetP95Ms: number | null;
  /** Overrides the printed target when it is not a p95 (e.g. "p99 ≤ 15 ms", "≥ 20,000 rows/s"). */
  targetLabel?: string;
  pass: boolean | null;
  /** CPU milliseconds per request: the server process, its PostgreSQL backends, the load generator. */
  cpuMsPerRequest: { app: number; db: number; client: number };
  /** Scenario-specific figures and checks (rows/s, RSS growth, integrity check…), printed after the line. */
  extra?: Record<string, unknown>;
};

/** What a custom scenario run gets: the database, the server (unless `noServer`), and a CPU meter. */
export type RunContext = {
  db: BenchDatabase;
  server: ServerProcess | undefined;
  /** Starts measuring the CPU of the server's process group, its PostgreSQL backends and the bench itself. */
  startCpu: () => Promise<() => Promise<CpuUsage>>;
  options: { concurrency: number; maxRequests: number; maxDurationMs: number; warmupRequests: number };
  /** Prints a measured line as it comes (the runner collects the returned ones for the JSON). */
  print: (endpoint: MeasuredEndpoint) => void;
};

/** What a scenario seeded: the key to call with, what it seeded (for the report), and what to measure. */
export type PreparedScenario = {
  apiKey: string;
  dataset: Record<string, unknown>;
  /** GET endpoints measured by the standard closed loop. */
  measurements: Measurement[];
  /** Measurements that are not plain GET loads; run after `measurements`. */
  run?: (ctx: RunContext) => Promise<MeasuredEndpoint[]>;
  /** No server process is needed: everything runs in the bench process (only `run` is used). */
  noServer?: boolean;
  /** A path that answers 200 with the key once the server is up. */
  readyPath: string;
  /** Environment for the server process beyond the bench's defaults. */
  serverEnv?: Record<string, string>;
};

export type Scenario = {
  name: string;
  description: string;
  /** Runs in the bench process only: no production build or server needed. */
  noServer?: boolean;
  /** Seeds the fresh, migrated database. */
  prepare: (db: BenchDatabase) => Promise<PreparedScenario>;
};

/** CPU milliseconds per request, rounded. */
export function perRequestCpu(cpu: CpuUsage, requests: number): MeasuredEndpoint['cpuMsPerRequest'] {
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return { app: per(cpu.appCpuMs), db: per(cpu.dbCpuMs), client: per(cpu.clientCpuMs) };
}
