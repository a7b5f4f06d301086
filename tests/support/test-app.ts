import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { resetEnvCache } from '@/server/env';
import { startServer, type RunningServer } from '@/server/http/start-server';

export const TEST_AGENT_SECRET = 'test-agent-secret-0123456789abcdef';
export const TEST_MEDIA_TOKEN_SECRET = 'test-media-token-secret-0123456789abcdefghijklmnop';

export type TestApp = {
  /** Base URL of the running production build, e.g. http://127.0.0.1:41234 */
  url: string;
  db: Database;
  database: DatabaseHandle;
  server: RunningServer;
  close: () => Promise<void>;
};

/** Opens this file's database: the run's PostgreSQL database, or a private clone of the migrated PGlite. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) return openDatabase({ databaseUrl, poolSize: 10 });
  const dumpPath = inject('pgliteDumpPath');
  if (!dumpPath) throw new Error('global setup provided no database');
  return openDatabase({ loadDataDir: new Blob([await readFile(dumpPath)]) });
}

/**
 * Starts the production build in this process on a free port, with its own database, so tests speak real HTTP
 * to the real app and can also look at the database directly.
 */
export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  Object.assign(process.env, {
    NODE_ENV: 'production',
    AGENT_SECRET: TEST_AGENT_SECRET,
    MEDIA_TOKEN_SECRET: TEST_MEDIA_TOKEN_SECRET,
    APP_URL: 'http://localhost:3999',
    RUN_WORKER: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    ...env,
  });
  resetEnvCache();
  const database = await openTestDatabase();
  const server = await startServer({ dev: false, port: 0, hostname: '127.0.0.1', database });
  return {
    url: server.url,
    db: database.db,
    database,
    server,
    close: async () => {
      await server.close();
      await database.close();
    },
  };
}
