import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';

export type Schema = typeof schema;
/** Either driver: PGlite (embedded) and postgres.js (server) share one query surface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type DbExecutor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction' | '$count'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where to open further connections (the job queue keeps its own pool). */
  databaseUrl?: string;
  /** Runs raw SQL with positional parameters; used by the job queue, which speaks SQL, not drizzle. */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;
  close: () => Promise<void>;
  migrate: () => Promise<void>;
  /** PGlite only: a gzipped tarball of the data directory, to clone a prepared database quickly. */
  dumpDataDir?: () => Promise<Blob>;
};

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /** dataDir undefined: an in-memory database (tests). loadDataDir: start from a dump (fast test clones). */
  | { dataDir?: string; loadDataDir?: Blob };

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'db', 'migrations');

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

/** Statements with more parameters (an IN list of a batch's ids) vary in shape and are not worth keeping. */
const MAX_PREPARED_PARAMETERS = 32;

/**
 * drizzle asks postgres.js for unnamed statements (`prepare: false`) unless a query is given a name, and postgres.js
 * then sends every parameterized query in two round trips (Parse + Describe, wait, then Bind + Execute) and
 * PostgreSQL parses and plans it each time. Preparing them (postgres.js keeps one prepared statement per query
 * text and connection) makes a repeated query one round trip and no parsing: on the bench the turn's and the
 * retrieve's CPU, in the app and in the database. Transactions and their savepoints get the same (their queries go
 * through a `sql` of their own that postgres.js hands to the callback): the first turn of an interview, the writes
 * that emit webhook events and every other transaction were parsed and planned per statement before. Not for a
 * PgBouncer in transaction mode (set DATABASE_URL to PostgreSQL or a session pooler).
 */
type PostgresSql = { unsafe: (...args: any[]) => unknown; begin?: (...args: any[]) => unknown; savepoint?: (...args: any[]) => unknown };

function preparePooledStatements(sql: PostgresSql): void {
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = (query: string, args?: unknown, options?: Record<string, unknown>) => {
    if (args !== undefined && !Array.isArray(args)) return unsafe(query, args);
    const values = (args as unknown[] | undefined) ?? [];
    const prepare = values.length > 0 && values.length <= MAX_PREPARED_PARAMETERS;
    return unsafe(query, values, { ...options, prepare: prepare || Boolean(options?.prepare) });
  };
  // begin([options], fn) and savepoint([name], fn): the callback, always the last argument, gets a patched `sql`.
  for (const method of ['begin', 'savepoint'] as const) {
    const original = sql[method]?.bind(sql);
    if (!original) continue;
    sql[method] = (...args: any[]) => {
      const fn = args.at(-1);
      if (typeof fn !== 'function') return original(...args);
      return original(...args.slice(0, -1), (scoped: PostgresSql) => {
        preparePooledStatements(scoped);
        return fn(scoped);
      });
    };
  }
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const sql = postgres(databaseUrl, {
    max: poolSize,
    onnotice: () => {},
    connect_timeout: 5,
    // postgres.js keeps connections open and reconnects by itself after a server restart.
    idle_timeout: 60,
    // Timestamps read as text come in UTC whatever the server's default zone (services/fields.ts iso()), and the
    // SQL that depends on the session's zone (date_trunc on a timestamptz) means the same as on the embedded database.
    connection: { TimeZone: 'UTC' },
  });
  preparePooledStatements(sql as unknown as PostgresSql);
  const db = drizzle(sql, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    databaseUrl,
    executeSql: async (text, values = []) => ({ rows: await sql.unsafe(text, values as any[]) }),
    close: () => sql.end({ timeout: 5 }),
    migrate: async () => {
      // One dedicated connection holds a session advisory lock, so instances starting at once migrate in turn.
      const { migrate } = await import('drizzle-orm/postgres-js/migrator');
      const lockSql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await lockSql`select pg_advisory_lock(727274001)`;
        await migrate(drizzle(lockSql, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        await lockSql`select pg_advisory_unlock(727274001)`;
      } finally {
        await lockSql.end({ timeout: 5 });
      }
    },
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // pg_trgm: the candidate search's trigram index (migration dashboard-query-indexes); PostgreSQL ships it in contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
  }
  let pg: InstanceType<typeof PGlite>;
  try {
    pg = await PGlite.create({
      dataDir,
      loadDataDir,
      extensions: { pg_trgm },
      // The embedded server runs beside the app in one process: keep its cache small.
      startParams: undefined,
      postgresqlconf: ['shared_buffers=16MB'],
    } as any);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzle(pg, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    executeSql: async (text, values) =>
      values && values.length > 0 ? pg.query(text, values) : { rows: (await pg.exec(text)).at(-1)?.rows ?? [] },
    close: async () => {
      await pg.close();
      releaseLock();
    },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(pg, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    dumpDataDir: async () => (await pg.dumpDataDir('gzip')) as Blob,
  };
}

/** Applies the committed SQL migrations. On PostgreSQL an advisory lock makes concurrent starts safe. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
}

const GLOBAL_KEY = Symbol.for('interview-screening.database');
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: DatabaseHandle };

/**
 * The process-wide database. The server entry (scripts/, tests) opens it before Next.js serves a request;
 * it lives on globalThis because Next.js bundles route handlers into their own module graph.
 */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = (globalThis as GlobalWithDb)[GLOBAL_KEY];
  if (!handle) throw new Error('The database is not open: start the app with `npm run dev` or `npm start`.');
  return handle;
}

export function getDb(): Database {
  return getDatabaseHandle().db;
}
