import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../db/client';
import { freshDatabaseName, testServerUrl, withDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the URL of this run's fresh, migrated database, the template each test file copies. */
    databaseUrl: string | null;
    /** PGlite: a dump of a freshly migrated database; each test file loads its own copy. */
    pgliteDumpPath: string | null;
  }
}

/**
 * Prepares one migrated database for the run: on PostgreSQL a new database (dropped at the end), on PGlite a
 * data-directory dump that each test file clones in about half a second.
 */
export default async function setup(project: TestProject) {
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
