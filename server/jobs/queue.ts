import PgBoss from 'pg-boss';
// pg-boss's job manager: its work loop settles jobs without awaiting (see settleWithRetry below).
import PgBossManager from 'pg-boss/src/manager.js';
import type { DatabaseHandle, DbExecutor } from '@/db/client';
import { driverClientOf } from '@/db/driver-client';
import { getEnv } from '@/server/env';
import { isDatabaseUnavailable } from '@/server/errors';
import { log } from '@/server/log';

/** Every background job of the service. Handlers live in server/jobs/handlers.ts. */
export const QUEUES = {
  invitationEmail: 'invitation-email',
  reminderEmail: 'reminder-email',
  generateReport: 'generate-report',
  expirySweep: 'expiry-sweep',
  maintenance: 'maintenance',
  webhookDelivery: 'webhook-delivery',
  dataRetention: 'data-retention',
  eraseAudio: 'erase-audio',
  teamInvitationEmail: 'team-invitation-email',
  notificationEmail: 'notification-email',
  decisionEmail: 'decision-email',
  notificationDigest: 'notification-digest',
  bulkOperation: 'bulk-operation',
  atsWriteback: 'ats-writeback',
  leverStageChange: 'lever-stage-change',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
/** Where a queue's jobs go once every retry failed; a handler may work it too (generate-report's does). */
export type DeadLetterQueueName = `${QueueName}-dead`;
export const deadLetterQueue = <Q extends QueueName>(name: Q): `${Q}-dead` => `${name}-dead`;

/**
 * Queues whose jobs run side by side in each worker process, each completed on its own (see workConcurrently):
 * one webhook receiver that hangs for its 10 s must not hold back deliveries to anyone else.
 */
const CONCURRENT_QUEUES: Partial<Record<QueueName, () => number>> = {
  [QUEUES.webhookDelivery]: () => getEnv().WEBHOOK_CONCURRENCY,
};

/**
 * Retries with exponential backoff (JOB_RETRY_DELAY_SECONDS, JOB_RETRY_LIMIT); what still fails lands in the
 * queue's dead-letter queue. Applied to existing queues at every start, so a changed setting takes effect.
 */
function retryPolicy() {
  const env = getEnv();
  return { retryLimit: env.JOB_RETRY_LIMIT, retryDelay: env.JOB_RETRY_DELAY_SECONDS, retryBackoff: true, expireInSeconds: env.JOB_EXPIRE_SECONDS };
}

/** `retryCount` of `retryLimit`: a handler can tell its last attempt (retryCount === retryLimit) from the others. */
export type JobHandler = (data: any, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;

export type JobQueue = {
  boss: PgBoss;
  stop: () => Promise<void>;
};

const GLOBAL_KEY = Symbol.for('interview-screening.job-queue');
type GlobalWithQueue = typeof globalThis & { [GLOBAL_KEY]?: JobQueue };

export function getJobQueue(): JobQueue {
  const queue = (globalThis as GlobalWithQueue)[GLOBAL_KEY];
  if (!queue) throw new Error('The job queue is not started');
  return queue;
}

/**
 * Starts pg-boss on the app's own database, PGlite or PostgreSQL. With `handlers`, this process also works the
 * queues; without, it only sends (a web process when RUN_WORKER=false).
 */
/** The database went away (restart, failover, network): worth trying again in a moment. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return true;
  const message = String((error as { message?: unknown })?.message ?? '');
  // node-postgres (pg-boss's driver) says so in words, without a code.
  return /Connection terminated|connection timeout|Client has encountered a connection error|Connection ended/i.test(message);
}

/** How long a finished job's outcome (complete or fail) keeps being retried while the database is away. */
export const SETTLE_RETRY_MS = 120_000;

/**
 * pg-boss 10's work loop marks a job completed or failed with `this.complete(…)` / `this.fail(…)` WITHOUT awaiting
 * them (manager.js, watch → onFetch). While PostgreSQL restarts those queries reject (57P01, 57P03, connection
 * terminated), nothing handles the rejection, and Node ends the process: the worker died this way in the cluster
 * run. Wrapped here once per process: the outcome is retried until the database answers again (the job is done,
 * losing its outcome would run it again only after its expiry), and a rejection that remains is logged, never
 * left unhandled. Callers that await still get the rejection.
 */
function settleWithRetry(): void {
  const proto = (PgBossManager as unknown as { prototype: Record<string, any> }).prototype;
  if (proto.__settleWithRetry) return;
  proto.__settleWithRetry = true;
  for (const method of ['complete', 'fail'] as const) {
    const original = proto[method] as (...args: unknown[]) => Promise<unknown>;
    const settle = function (this: unknown, ...args: unknown[]) {
      const deadline = Date.now() + SETTLE_RETRY_MS;
      const attempt = async (): Promise<unknown> => {
        for (let delay = 250; ; delay = Math.min(delay * 2, 5_000)) {
          try {
            return await original.apply(this, args);
          } catch (error) {
            if (!isTransientDatabaseError(error) || Date.now() + delay > deadline) throw error;
            await new Promise((resolve) => setTimeout(resolve, delay));
          }
        }
      };
      const result = attempt();
      result.catch((error) =>
        log.error({ err: error, queue: args[0], jobIds: args[1] }, `job ${method} could not be recorded; the job runs again after its expiry`),
      );
      return result;
    };
    // PgBoss exposes the manager's functions under their `name` (index.js, #promoteFunctions): keep it, or
    // boss.complete and boss.fail would vanish.
    Object.defineProperty(settle, 'name', { value: method });
    proto[method] = settle;
  }
}

export async function startJobQueue(
  database: DatabaseHandle,
  options: { handlers?: Partial<Record<QueueName | DeadLetterQueueName, JobHandler>>; schedules?: Partial<Record<QueueName, string>>; pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const working = Boolean(options.handlers);
  settleWithRetry();
  const connection: PgBoss.ConstructorOptions = database.databaseUrl
    ? // On PostgreSQL pg-boss runs its own transactions, which need a connection of its own (its own small pool).
      { connectionString: database.databaseUrl, max: 4, application_name: 'interview-screening-jobs' }
    : // PGlite is one connection in this process: pg-boss shares it.
      { db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } };
  const boss = new PgBoss({
    ...connection,
    schedule: working,
    supervise: working,
    // Maintenance is what notices an expired job (its worker died): often enough that expiry means what it says.
    maintenanceIntervalSeconds: Math.max(5, Math.min(120, Math.floor(getEnv().JOB_EXPIRE_SECONDS / 2))),
    migrate: true,
  } as PgBoss.ConstructorOptions);
  // Everything pg-boss does in the background (polling, maintenance, cron, its pool) reports here; the work loop
  // keeps polling, so the worker resumes by itself once the database is back.
  boss.on('error', (error) => {
    // node-postgres attaches its whole client to some of these errors: log what is useful, not the object graph.
    const { message, code, queue } = error as Error & { code?: string; queue?: string };
    if (isTransientDatabaseError(error)) log.warn({ error: { message, code }, queue }, 'job queue: database unavailable; polling again shortly');
    else log.error({ err: error }, 'job queue error');
  });
  await boss.start();
  const retry = retryPolicy();
  for (const name of Object.values(QUEUES)) {
    await retryOnContention(() => boss.createQueue(deadLetterQueue(name)));
    await retryOnContention(() => boss.createQueue(name, { name, ...retry, deadLetter: deadLetterQueue(name) }));
    await retryOnContention(() => boss.updateQueue(name, { name, ...retry, deadLetter: deadLetterQueue(name) }));
  }
  const concurrentWorkers: ConcurrentWorker[] = [];
  for (const [name, handler] of Object.entries(options.handlers ?? {}) as [QueueName | DeadLetterQueueName, JobHandler][]) {
    const concurrency = CONCURRENT_QUEUES[name as QueueName]?.();
    if (concurrency) {
      concurrentWorkers.push(workConcurrently(boss, name as QueueName, handler, { concurrency, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }));
      continue;
    }
    await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
        } catch (error) {
          log.warn({ err: error, queue: name, jobId: job.id }, 'job failed; it will be retried');
          throw error;
        }
      }
    });
  }
  for (const [name, cron] of Object.entries(options.schedules ?? {}) as [QueueName, string][]) {
    await boss.schedule(name, cron, {});
  }
  const queue: JobQueue = {
    boss,
    stop: async () => {
      (globalThis as GlobalWithQueue)[GLOBAL_KEY] = undefined;
      await Promise.all(concurrentWorkers.map((worker) => worker.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
  (globalThis as GlobalWithQueue)[GLOBAL_KEY] = queue;
  return queue;
}

/**
 * Enqueues a job through the caller's transaction (the transactional outbox): the job exists if and only if the
 * transaction commits. `executor` is a drizzle transaction or the database itself.
 */
export async function enqueueJob(executor: DbExecutor, name: QueueName, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
  return getJobQueue().boss.send(name, data, { ...options, db: rawExecutor(executor) });
}

/** pg-boss speaks SQL text with $n parameters: to the driver client under drizzle's session. */
function rawExecutor(executor: DbExecutor): PgBoss.Db {
  const driver = driverClientOf(executor);
  if (driver.kind === 'postgres') {
    return { executeSql: async (text, values) => ({ rows: await driver.client.unsafe(text, (values ?? []).map(asPostgresJsParameter)) }) };
  }
  const { client } = driver;
  return { executeSql: async (text, values) => (values && values.length > 0 ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] }) };
}

/** pg-boss writes parameters for node-postgres, which sends undefined as null and objects as JSON. */
function asPostgresJsParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** Instances starting at the same moment can deadlock in pg-boss's createQueue; it is idempotent, so try again. */
async function retryOnContention(action: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await action();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 10 || (code !== '40P01' && code !== '23505' && code !== '40001')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100 * attempt));
    }
  }
}

type ConcurrentWorker = { stop: () => Promise<void> };

/**
 * Works a queue with up to `concurrency` jobs in flight, each completed (or failed, for pg-boss to retry) as soon
 * as it ends: unlike `boss.work`, whose next fetch waits for the whole batch, a slow job never delays the others.
 * A job still running when the process dies is retried by pg-boss once its expiry passes.
 */
function workConcurrently(
  boss: PgBoss,
  name: QueueName,
  handler: JobHandler,
  options: { concurrency: number; pollingIntervalSeconds: number },
): ConcurrentWorker {
  let running = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  const runOne = async (job: PgBoss.JobWithMetadata<object>) => {
    try {
      await handler(job.data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
      await boss.complete(name, job.id);
    } catch (error) {
      log.warn({ err: error, queue: name, jobId: job.id }, 'job failed; it will be retried');
      await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }).catch(() => {});
    } finally {
      running--;
      wake?.();
    }
  };
  const loop = (async () => {
    while (!stopped) {
      const free = options.concurrency - running;
      if (free <= 0) {
        await nap(options.pollingIntervalSeconds * 1000);
        continue;
      }
      let jobs: PgBoss.JobWithMetadata<object>[] = [];
      try {
        jobs = await boss.fetch<object>(name, { batchSize: free, includeMetadata: true });
      } catch (error) {
        log.warn({ err: error, queue: name }, 'job fetch failed');
      }
      for (const job of jobs) {
        running++;
        void runOne(job);
      }
      // A full batch suggests more are waiting: fetch again at once.
      if (jobs.length < free && !stopped) await nap(options.pollingIntervalSeconds * 1000);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
      const deadline = Date.now() + 12_000;
      while (running > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}
