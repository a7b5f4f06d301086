import { getEnv } from '@/server/env';
import { markShuttingDown } from '@/server/http/shutdown-state';
import { migrateDatabase } from '@/db/client';
import { openConfiguredDatabase } from '@/server/configured-database';
import { startServer } from '@/server/http/start-server';
import { log } from '@/server/log';
import { boundHeapGrowth } from '@/server/bound-heap-growth';
import { installProcessGuards, startOrExit } from '@/server/process-guards';

(process.env as Record<string, string>).NODE_ENV = 'production';
installProcessGuards('web');
const server = await startOrExit('web', async () => {
  boundHeapGrowth();
  // Opened and migrated here, so that a start-up tried again (the database was restarting) leaves no pool behind.
  const database = await openConfiguredDatabase();
  try {
    await migrateDatabase(database);
    return await startServer({ dev: false, database });
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
});
log.info({ url: server.url, pid: process.pid }, 'server listening');

/** Beyond the drain, the time in-flight requests and the current job get to finish. */
const FINISH_TIMEOUT_MS = 25_000;

/**
 * Graceful shutdown: readiness fails first and the instance keeps serving for SHUTDOWN_DRAIN_SECONDS, so the load
 * balancer stops sending it new requests before it stops listening (closing at once refuses the connections the
 * balancer still sends meanwhile). Then the listener closes, in-flight requests finish, the job worker finishes
 * its current job, and the database closes. A second signal exits at once.
 */
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    markShuttingDown();
    const drainMs = getEnv().SHUTDOWN_DRAIN_SECONDS * 1000;
    log.info({ signal, drainSeconds: drainMs / 1000 }, 'shutting down: readiness fails, draining');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + FINISH_TIMEOUT_MS);
    force.unref();
    setTimeout(() => {
      log.info('no longer accepting connections; finishing in-flight requests');
      server
        .close()
        .then(() => server.database.close())
        .then(() => process.exit(0))
        .catch((error) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        });
    }, drainMs);
  });
}
