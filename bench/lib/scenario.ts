import type { BenchDatabase } from './database';

/** One endpoint to measure: the path of request i, and the p95 it must meet, if it has a target. */
export type Measurement = {
  name: string;
  path: (i: number) => string;
  targetP95Ms?: number;
  expectStatus?: number;
};

/** What a scenario seeded: the key to call with, what it seeded (for the report), and what to measure. */
export type PreparedScenario = {
  apiKey: string;
  dataset: Record<string, unknown>;
  measurements: Measurement[];
  /** A path that answers 200 with the key once the server is up. */
  readyPath: string;
  /** Environment for the server process beyond the bench's defaults. */
  serverEnv?: Record<string, string>;
};

export type Scenario = {
  name: string;
  description: string;
  /** Seeds the fresh, migrated database. */
  prepare: (db: BenchDatabase) => Promise<PreparedScenario>;
};
