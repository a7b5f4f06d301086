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
  /** Also measured on the bare baseline, with a target on product/bare throughput. */
  baseline?: { minThroughputRatio: number };
};

/** The bare baseline's figures for the same load, and product ÷ baseline. */
export type BaselineComparison = {
  bare: LoadResult & { cpuMsPerRequest: { app: number; db: number; client: number } };
  ratios: { throughput: number; p50: number; p99: number; appCpu: number; dbCpu: number };
  /** What the ratios must meet, printed with a verdict. */
  targets: string[];
  pass: boolean;
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
  /** The same load on the bare baseline (bench/baseline/bare-server.ts), when the scenario has one. */
  baseline?: BaselineComparison;
  /** Scenario-specific figures and checks (rows/s, RSS growth, integrity check…), printed after the line. */
  extra?: Record<string, unknown>;
};

/** What a custom scenario run gets: the database, the server (unless `noServer`), and a CPU meter. */
export type RunContext = {
  db: BenchDatabase;
  server: ServerProcess | undefined;
  /** The bare baseline beside the product, when the scenario asked for it (`bare: true`). */
  bare: ServerProcess | undefined;
  /** The same meter for the bare baseline's process and its PostgreSQL backends. */
  startBareCpu: () => Promise<() => Promise<CpuUsage>>;
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
  /** Start the bare baseline beside the product on the same database. */
  bare?: boolean;
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

const ratio = (a: number, b: number) => Math.round((a / Math.max(b, 1e-9)) * 100) / 100;

/**
 * Product ÷ bare for one load. `targets`: minimum throughput ratio, maximum p99 ratio and absolute p99, maximum
 * app and DB CPU ratios; each one given is checked.
 */
export function compareWithBaseline(
  product: LoadResult & { cpuMsPerRequest: { app: number; db: number } },
  bare: BaselineComparison['bare'],
  targets: { minThroughput?: number; maxP99Ratio?: number; maxP99Ms?: number; maxAppCpu?: number; maxDbCpu?: number },
): BaselineComparison {
  const ratios = {
    throughput: ratio(product.requestsPerSecond, bare.requestsPerSecond),
    p50: ratio(product.p50Ms, bare.p50Ms),
    p99: ratio(product.p99Ms, bare.p99Ms),
    appCpu: ratio(product.cpuMsPerRequest.app, bare.cpuMsPerRequest.app),
    dbCpu: ratio(product.cpuMsPerRequest.db, bare.cpuMsPerRequest.db),
  };
  const checks: [string, boolean][] = [];
  if (targets.minThroughput !== undefined) checks.push([`throughput ratio ≥ ${targets.minThroughput}`, ratios.throughput >= targets.minThroughput]);
  if (targets.maxP99Ratio !== undefined) checks.push([`p99 ratio ≤ ${targets.maxP99Ratio}`, ratios.p99 <= targets.maxP99Ratio]);
  if (targets.maxP99Ms !== undefined) checks.push([`p99 ≤ ${targets.maxP99Ms} ms`, product.p99Ms <= targets.maxP99Ms]);
  if (targets.maxAppCpu !== undefined) checks.push([`app CPU ratio ≤ ${targets.maxAppCpu}`, ratios.appCpu <= targets.maxAppCpu]);
  if (targets.maxDbCpu !== undefined) checks.push([`DB CPU ratio ≤ ${targets.maxDbCpu}`, ratios.dbCpu <= targets.maxDbCpu]);
  return { bare, ratios, targets: checks.map(([label, ok]) => `${label}: ${ok ? 'PASS' : 'FAIL'}`), pass: checks.every(([, ok]) => ok) };
}
