import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@/db/client';
import { resetEnvCache } from '@/server/env';
import { startServer, type RunningServer } from '@/server/http/start-server';
import { withDatabaseName } from './test-database';

export const TEST_AGENT_SECRET = 'test-agent-secret-0123456789abcdef';
export const TEST_MEDIA_TOKEN_SECRET = 'test-media-token-secret-0123456789abcdefghijklmnop';
export const TEST_PROVIDER_KEY_SECRET = 'test-provider-key-secret-0123456789abcdefghijklmnop';

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
  if (templateUrl) return openPostgresClone(templateUrl);
  const dumpPath = inject('pgliteDumpPath');
  if (!dumpPath) throw new Error('global setup provided no database');
  return openDatabase({ loadDataDir: new Blob([await readFile(dumpPath)]) });
}

/**
 * `CREATE DATABASE … TEMPLATE` the run's migrated database, dropped when the file closes it (and, should a file
 * crash, by the global teardown, which drops every `<template>_f…` copy).
 */
async function openPostgresClone(templateUrl: string): Promise<DatabaseHandle> {
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = () => postgres(withDatabaseName(templateUrl, 'postgres'), { max: 1, onnotice: () => {} });
  const creator = admin();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await creator.unsafe(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        // 55006: a session is connected to the template right now (a test that opened the run's database).
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    await creator.end();
  }
  const handle = await openDatabase({ databaseUrl: withDatabaseName(templateUrl, name), poolSize: 10 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = admin();
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
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
    PROVIDER_KEY_SECRET: TEST_PROVIDER_KEY_SECRET,
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
