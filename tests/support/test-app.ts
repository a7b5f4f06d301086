import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
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

/**
 * Opens this file's database: on PostgreSQL a private copy of the run's migrated template database, or a private
 * clone of the migrated PGlite. Private because each file's app also works the job queue with its own settings
 * (email transport, agent URL): on a shared database one file's worker would take another file's jobs.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const templateUrl = inject('databaseUrl');
  if (templateUrl) return openDatabase({ databaseUrl: await cloneDatabase(templateUrl), poolSize: 10 });
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
    DEMO_AGENT_TURN_DELAY_MS: '0',
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

/** `CREATE DATABASE … TEMPLATE` the run's database (nobody stays connected to it); dropped by the global teardown. */
async function cloneDatabase(templateUrl: string): Promise<string> {
  const url = new URL(templateUrl);
  const template = url.pathname.slice(1);
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = postgres(templateUrl.replace(/\/[^/]*$/, '/postgres'), { max: 1, onnotice: () => {} });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.unsafe(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // Two files copying the template at the same instant: PostgreSQL refuses the second; it just waits its turn.
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 150));
      }
    }
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}
