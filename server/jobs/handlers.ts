import type { Database } from '@/db/client';
import { expireInterviews } from '@/server/services/interviews/expire-interviews';
import { pruneIdempotencyRequests } from '@/server/services/idempotency/idempotency';
import { pruneRateLimitWindows } from '@/server/services/rate-limit/consume-rate-limit';
import { pruneLoginAttempts } from '@/server/services/auth/login-attempts';
import { pruneSessions } from '@/server/services/auth/sign-out';
import { log } from '@/server/log';
import { QUEUES, type JobHandler, type QueueName } from './queue';

/** What each queue does. Every handler is safe to run twice: jobs are delivered at least once. */
export function jobHandlers(db: Database): Partial<Record<QueueName, JobHandler>> {
  return {
    [QUEUES.expirySweep]: async () => {
      const expired = await expireInterviews(db);
      if (expired > 0) log.info({ expired }, 'expired interviews persisted');
    },
    [QUEUES.maintenance]: async () => {
      await pruneRateLimitWindows(db);
      await pruneIdempotencyRequests(db);
      await pruneLoginAttempts(db);
      await pruneSessions(db);
    },
  };
}

/** Cron schedules (UTC), run by whichever worker process holds pg-boss's scheduling lock. */
export const JOB_SCHEDULES: Partial<Record<QueueName, string>> = {
  [QUEUES.expirySweep]: '* * * * *',
  [QUEUES.maintenance]: '*/10 * * * *',
};
