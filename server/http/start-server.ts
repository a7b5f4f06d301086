import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import next from 'next';
import { migrateDatabase, setDatabase, type DatabaseHandle } from '@/db/client';
import { openConfiguredDatabase } from '@/server/configured-database';
import { createInProcessFetch } from '@/server/agent/in-process-fetch';
import { registerAgentFetch } from '@/server/services/interviewer/agent-transport';
import { getEnv } from '@/server/env';
import { JOB_SCHEDULES, jobHandlers } from '@/server/jobs/handlers';
import { startJobQueue } from '@/server/jobs/queue';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { answerClientError, guardRequest, refuseCrossSiteAction } from './node-guards';
import { applyPageSecurityHeaders } from './page-security';
import { isServerActionRequest, refuseMalformedAction } from './server-action-guard';
import { newRequestId } from './respond';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from './client-throttle';
import { createFastPath } from './v1-fast-path';
import { createLiveUpgradeHandler } from './live-socket';
import { createStaticAssets } from './static-assets';

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

export type StartServerOptions = {
  dev: boolean;
  port?: number;
  hostname?: string;
  /** An already open database (tests); otherwise opened from the environment. */
  database?: DatabaseHandle;
};


/**
 * The one server entry for dev, production and tests: opens and migrates the database before the first request,
 * then hands every request to Next.js in this same process.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const env = getEnv();
  const database = options.database ?? (await openConfiguredDatabase());
  await migrateDatabase(database);
  setDatabase(database);
  // The built-in interviewer reaches the internal routes through this process's own handlers.
  registerAgentFetch(createInProcessFetch());
  // Jobs run in this process by default; with RUN_WORKER=false only `npm run worker` processes work them.
  const queue = await startJobQueue(
    database,
    env.RUN_WORKER ? { handlers: jobHandlers(database.db), schedules: JOB_SCHEDULES, pollingIntervalSeconds: env.JOB_POLL_INTERVAL_SECONDS } : {},
  );

  const hostname = options.hostname ?? '0.0.0.0';
  const publicOrigin = new URL(env.APP_URL).origin;
  let handle: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  const fastPath = options.dev ? undefined : createFastPath(path.join(process.cwd(), '.next'));
  // The build's hashed files with Brotli (static-assets.ts); next dev serves its own.
  const staticAssets = options.dev ? undefined : createStaticAssets(path.join(process.cwd(), '.next'));
  const trustProxy = getEnv().TRUST_PROXY;
  const server: Server = createServer((req, res) => {
    if (!handle) {
      // Listening before Next.js is ready (it must know the bound port): a retryable 503 in the envelope.
      const requestId = newRequestId();
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '1', 'X-Request-Id': requestId });
      res.end(JSON.stringify({ error: new AppError('SERVICE_UNAVAILABLE', 'The server is starting; retry shortly').toBody(requestId) }));
      return;
    }
    // Paths, methods and headers that Next.js would answer without the envelope (see node-guards.ts).
    if (guardRequest(req, res)) return;
    if (refuseCrossSiteAction(req, res, publicOrigin)) return;
    // Throttles and sign-in limits count per client address: the socket's, or the trusted proxy's word for it.
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req, trustProxy);
    if (staticAssets?.(req, res)) return;
    if (fastPath?.(req, res)) return;
    applyPageSecurityHeaders(req, res, options.dev);
    // A server action's body is read and checked first (server-action-guard.ts): Next.js answers a malformed one 500.
    if (isServerActionRequest(req)) {
      refuseMalformedAction(req, res).then(
        (answered) => answered || handOver(req, res),
        (error) => handOver(req, res, error),
      );
      return;
    }
    handOver(req, res);
  });
  function handOver(req: IncomingMessage, res: ServerResponse, failure?: unknown): void {
    (failure === undefined ? handle!(req, res) : Promise.reject(failure)).catch((error) => {
      const requestId = newRequestId();
      log.error({ err: error, requestId }, 'request handler failed');
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('X-Request-Id', requestId);
        res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal server error', requestId } }));
      }
    });
  }
  // The live conversation's WebSocket (/api/invitations/:token/live) is taken here, before Next.js; any other
  // upgrade goes to Next.js (its development HMR socket) or is refused when it listens to none. Next.js is given a
  // relay rather than the server: it attaches its own upgrade listener to the server of its first request, and in
  // production that listener ends the socket of every upgrade whose path matches one of its routes, the live one
  // included, while the live handler is still checking the link.
  const liveSockets = createLiveUpgradeHandler({ db: () => database.db, publicOrigin, trustProxy });
  const nextUpgrades = new EventEmitter();
  server.on('upgrade', (req, socket, head) => {
    if (liveSockets.handleUpgrade(req, socket, head)) return;
    if (nextUpgrades.listenerCount('upgrade') > 0) nextUpgrades.emit('upgrade', req, socket, head);
    else socket.destroy();
  });
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? env.PORT, hostname, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // Next.js is given the port actually bound (tests ask for port 0): it calls itself on it, for example to
  // render the page a server action redirects to.
  const app = next({ dev: options.dev, dir: process.cwd(), hostname, port, quiet: !options.dev, httpServer: nextUpgrades as unknown as Server });
  await app.prepare();
  handle = app.getRequestHandler();

  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database,
    close: async () => {
      if (closed) return;
      closed = true;
      liveSockets.close();
      await new Promise<void>((resolve) => {
        // A keep-alive connection busy when close() is called turns idle once its request finishes and would then
        // hold the shutdown for the whole keep-alive timeout: sweep idle connections until the server has closed.
        const sweep = setInterval(() => server.closeIdleConnections(), 200);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      await queue.stop();
      await app.close?.();
      setDatabase(undefined);
      registerAgentFetch(undefined);
      if (!options.database) await database.close();
    },
  };
}
