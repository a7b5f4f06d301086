import { migrateDatabase } from '@/db/client';
import { setDatabase } from '@/db/client';
import { getEnv } from '@/server/env';
import { openConfiguredDatabase } from '@/server/configured-database';
import { JOB_SCHEDULES, jobHandlers } from '@/server/jobs/handlers';
import { startJobQueue } from '@/server/jobs/queue';
import { log } from '@/server/log';
import { boundHeapGrowth } from '@/server/bound-heap-growth';
import { installProcessGuards, startOrExit } from '@/server/process-guards';

/** A process that only works background jobs: run as many as needed beside the web processes (PostgreSQL). */
installProcessGuards('worker');
const { database, queue } = await startOrExit('worker', async () => {
  boundHeapGrowth();
  const env = getEnv();
  const database = await openConfiguredDatabase();
  let queue: Awaited<ReturnType<typeof startJobQueue>> | undefined;
  try {
    await migrateDatabase(database);
    setDatabase(database);
    queue = await startJobQueue(database, { handlers: jobHandlers(database.db), schedules: JOB_SCHEDULES, pollingIntervalSeconds: env.JOB_POLL_INTERVAL_SECONDS });
    return { database, queue };
  } catch (error) {
    // Tried again by startOrExit when the database was only away: leave nothing running behind.
    await queue?.stop().catch(() => {});
    setDatabase(undefined);
    await database.close().catch(() => {});
    throw error;
  }
});
log.info({ database: database.kind }, 'worker started');

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    await queue.stop();
    await database.close();
    process.exit(0);
  });
}
