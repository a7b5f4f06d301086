import PgBoss from 'pg-boss';
import type { DatabaseHandle, DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';

/** Every background job of the service. Handlers live in server/jobs/handlers.ts. */
export const QUEUES = {
  invitationEmail: 'invitation-email',
  reminderEmail: 'reminder-email',
  generateReport: 'generate-report',
  expirySweep: 'expiry-sweep',
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * Retries with exponential backoff (JOB_RETRY_DELAY_SECONDS, JOB_RETRY_LIMIT); what still fails lands in the
 * queue's dead-letter queue. Applied to existing queues at every start, so a changed setting takes effect.
 */
function retryPolicy() {
  const env = getEnv();
  return { retryLimit: env.JOB_RETRY_LIMIT, retryDelay: env.JOB_RETRY_DELAY_SECONDS, retryBackoff: true };
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
export async function startJobQueue(
  database: DatabaseHandle,
  options: { handlers?: Partial<Record<QueueName, JobHandler>>; schedules?: Partial<Record<QueueName, string>>; pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const working = Boolean(options.handlers);
  const connection: PgBoss.ConstructorOptions = database.databaseUrl
    ? // On PostgreSQL pg-boss runs its own transactions, which need a connection of its own (its own small pool).
      { connectionString: database.databaseUrl, max: 4, application_name: 'interview-screening-jobs' }
    : // PGlite is one connection in this process: pg-boss shares it.
      { db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) } };
  const boss = new PgBoss({
    ...connection,
    schedule: working,
    supervise: working,
    migrate: true,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const retry = retryPolicy();
  for (const name of Object.values(QUEUES)) {
    await retryOnContention(() => boss.createQueue(`${name}-dead`));
    await retryOnContention(() => boss.createQueue(name, { name, ...retry, deadLetter: `${name}-dead` }));
    await retryOnContention(() => boss.updateQueue(name, { name, ...retry, deadLetter: `${name}-dead` }));
  }
  for (const [name, handler] of Object.entries(options.handlers ?? {}) as [QueueName, JobHandler][]) {
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

/** pg-boss speaks SQL text with $n parameters: reach the driver client under drizzle's session. */
function rawExecutor(executor: DbExecutor): PgBoss.Db {
  const client = (executor as unknown as { session: { client: any } }).session.client;
  if (typeof client.unsafe === 'function') {
    return { executeSql: async (text, values) => ({ rows: await client.unsafe(text, (values ?? []).map(asPostgresJsParameter)) }) };
  }
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
