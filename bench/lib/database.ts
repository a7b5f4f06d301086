import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The bench's own PostgreSQL sessions (seeding, checks, the CPU meters' queries). */
export const BENCH_APPLICATION_NAME = 'iss-bench';

export type BenchDatabase = {
  name: string;
  url: string;
  sql: postgres.Sql;
  /** Removes the database. */
  drop: () => Promise<void>;
  /** Closes the connections and keeps the database (--keep, to profile it afterwards). */
  close: () => Promise<void>;
};

/** The PostgreSQL server the bench creates its database on (only the server part of the URL is used). */
export function benchServerUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** A new, empty database `iss_bench_<random>` on the server; drop() removes it, even with connections open. */
export async function createBenchDatabase(serverUrl = benchServerUrl()): Promise<BenchDatabase> {
  const name = `iss_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  // Named, so that the CPU meters leave the bench's own queries out of both servers' database CPU (cpu.ts).
  const sql = postgres(url, { max: 4, onnotice: () => {}, connection: { application_name: BENCH_APPLICATION_NAME } });
  let closed = false;
  return {
    name,
    url,
    sql,
    drop: async () => {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 }).catch(() => {});
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end({ timeout: 5 });
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await sql.end({ timeout: 5 }).catch(() => {});
      await admin.end({ timeout: 5 });
    },
  };
}
