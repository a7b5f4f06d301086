import { openDatabase, type DatabaseHandle } from '@/db/client';
import { getEnv } from '@/server/env';

/**
 * Opens the database from DATABASE_URL, or the embedded one under PGLITE_DIR (with its lock). Its own module so
 * that the worker, the admin CLI and the migration script open the database without loading Next.js.
 */
export async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const env = getEnv();
  return env.DATABASE_URL ? openDatabase({ databaseUrl: env.DATABASE_URL }) : openDatabase({ dataDir: env.PGLITE_DIR });
}
