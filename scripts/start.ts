import { markShuttingDown } from '@/server/http/shutdown-state';
import { startServer } from '@/server/http/start-server';
import { log } from '@/server/log';

(process.env as Record<string, string>).NODE_ENV = 'production';
const server = await startServer({ dev: false });
log.info({ url: server.url, pid: process.pid }, 'server listening');

/**
 * Graceful shutdown: readiness fails first, the listener stops taking connections, in-flight requests finish,
 * the job worker finishes its current job, then the database closes. A second signal exits at once.
 */
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    markShuttingDown();
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
