import type { DbExecutor } from './client';

type PostgresJsClient = { unsafe: (text: string, values?: unknown[]) => Promise<unknown[]> & { values: () => Promise<unknown[][]> } };
type PgliteClient = { query: (text: string, values?: unknown[], options?: { rowMode?: 'array' | 'object' }) => Promise<{ rows: unknown[] }>; exec: (text: string) => Promise<{ rows: unknown[] }[]> };

export type DriverClient = { kind: 'postgres'; client: PostgresJsClient } | { kind: 'pglite'; client: PgliteClient };

/**
 * The driver's client under drizzle's session: the pool (the database) or the transaction's connection (a
 * transaction), postgres.js's `sql` or PGlite. For what speaks SQL text with $n parameters itself (pg-boss).
 */
export function driverClientOf(executor: DbExecutor): DriverClient {
  const client = (executor as unknown as { session: { client: PostgresJsClient & PgliteClient } }).session.client;
  return typeof client.unsafe === 'function' ? { kind: 'postgres', client } : { kind: 'pglite', client };
}

/**
 * The rows of one fixed statement with $n parameters, sent to the driver as it is. For the agent's turn, the
 * hottest statement of the service: drizzle rendered its `sql` template again on every call (about 60 µs of CPU,
 * more than the HTTP parsing of the request), and postgres.js prepares it per connection anyway (db/client.ts).
 */
export async function queryRows<T>(executor: DbExecutor, text: string, values: unknown[]): Promise<T[]> {
  const driver = driverClientOf(executor);
  if (driver.kind === 'postgres') return (await driver.client.unsafe(text, values)) as T[];
  return (await driver.client.query(text, values)).rows as T[];
}

/**
 * The same, each row an array of its columns in the statement's order: for a statement of many columns read many
 * times (an export's batches). postgres.js builds an object row by adding one property per column, and past about
 * 16 V8 keeps such an object as a hash table; an array row is built and read without one.
 */
export async function queryValues<T extends unknown[]>(executor: DbExecutor, text: string, values: unknown[]): Promise<T[]> {
  const driver = driverClientOf(executor);
  if (driver.kind === 'postgres') return (await driver.client.unsafe(text, values).values()) as T[];
  return (await driver.client.query(text, values, { rowMode: 'array' })).rows as T[];
}
