import { migrateDatabase } from '@/db/client';
import { openConfiguredDatabase } from '@/server/configured-database';

/**
 * Applies the committed migrations to the configured database (DATABASE_URL, or the embedded one) and exits.
 * The app also migrates at start; this is for deploy pipelines that migrate before rolling out instances.
 */
try {
  const database = await openConfiguredDatabase();
  try {
    await migrateDatabase(database);
    process.stdout.write(`${JSON.stringify({ migrated: true, database: database.kind })}\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
