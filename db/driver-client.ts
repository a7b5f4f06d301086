import type { DbExecutor } from './client';

type PostgresJsClient = { unsafe: (text: string, values?: unknown[]) => Promise<unknown[]> };
type PgliteClient = { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>; exec: (text: string) => Promise<{ rows: unknown[] }[]> };

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
