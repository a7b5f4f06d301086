import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../db/client';
import { checkRunEnded, RUN_DIR_VARIABLE, RUN_ID_VARIABLE } from './child-processes';
import { freshDatabaseName, testServerUrl, withDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the URL of this run's fresh, migrated database, the template each test file copies. */
    databaseUrl: string | null;
    /** PGlite: a dump of a freshly migrated database; each test file loads its own copy. */
    pgliteDumpPath: string | null;
  }
}

/** The run's database, and the check that the tests leave no process of theirs running. */
export default async function setup(project: TestProject) {
  const teardown = await prepareDatabase(project);
  const checkChildren = await startChildProcessCheck();
  return async () => {
    try {
      await teardown();
    } finally {
      await checkChildren();
    }
  };
}

/**
 * The run's id and directory, inherited by vitest's workers (they start after this): every process a test starts
 * through tests/support/child-processes.ts carries the id and is noted in the directory. At the end, anything
 * still carrying the id fails the run, once killed, so a leak is seen (issue #27) and does not pile up.
 */
async function startChildProcessCheck(): Promise<() => Promise<void>> {
  const runDir = await mkdtemp(path.join(tmpdir(), 'iss-test-run-'));
  const runId = path.basename(runDir);
  process.env[RUN_ID_VARIABLE] = runId;
  process.env[RUN_DIR_VARIABLE] = runDir;
  return async () => {
    try {
      await checkRunEnded({ id: runId, dir: runDir });
    } catch (error) {
      // vitest reports a teardown's error but would still exit 0.
      process.exitCode = 1;
      throw error;
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  };
}

/**
 * Prepares one migrated database for the run: on PostgreSQL a new database (dropped at the end), on PGlite a
 * data-directory dump that each test file clones in about half a second.
 */
async function prepareDatabase(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    throw new Error('No production build: the integration tests run against it. Run `npm run build` first (npm test does).');
  }
  const serverUrl = testServerUrl();
  if (serverUrl) {
    const name = freshDatabaseName();
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = withDatabaseName(serverUrl, name);
    const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('databaseUrl', url);
    project.provide('pgliteDumpPath', null);
    return async () => {
      // The run's template and every file's copy of it (test-app.ts names them <template>_f<hex>).
      const copies = await admin.unsafe(`select datname from pg_database where datname like $1`, [`${name}_f%`]);
      for (const { datname } of copies) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'iss-pglite-'));
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  const blob = await dumpOf(handle);
  const dumpPath = path.join(dir, 'migrated.tar.gz');
  await writeFile(dumpPath, Buffer.from(await blob.arrayBuffer()));
  await handle.close();
  project.provide('databaseUrl', null);
  project.provide('pgliteDumpPath', dumpPath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function dumpOf(handle: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!handle.dumpDataDir) throw new Error('PGlite handle cannot dump');
  return handle.dumpDataDir();
}
