import type { Database } from '@/db/client';
import { expireInterviews } from '@/server/services/interviews/expire-interviews';
import { pruneIdempotencyRequests } from '@/server/services/idempotency/idempotency';
import { sendInvitationEmail } from '@/server/services/invitations/send-invitation-email';
import { pruneRateLimitWindows } from '@/server/services/rate-limit/consume-rate-limit';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { pruneLoginAttempts } from '@/server/services/auth/login-attempts';
import { pruneSessions } from '@/server/services/auth/sign-out';
import { log } from '@/server/log';
import { QUEUES, type JobHandler, type QueueName } from './queue';

/** What each queue does. Every handler is safe to run twice: jobs are delivered at least once. */
export function jobHandlers(db: Database): Partial<Record<QueueName, JobHandler>> {
  return {
    [QUEUES.invitationEmail]: async (data) => void (await sendInvitationEmail(db, 'invitation', data)),
    [QUEUES.reminderEmail]: async (data) => void (await sendInvitationEmail(db, 'reminder', data)),
    [QUEUES.expirySweep]: async () => {
      const expired = await expireInterviews(db);
      if (expired > 0) log.info({ expired }, 'expired interviews persisted');
    },
    [QUEUES.generateReport]: async (data: { reportId?: unknown }, job) => {
      if (typeof data?.reportId !== 'string') {
        log.error({ jobId: job.id }, 'generate-report job without a reportId');
        return;
      }
      const result = await generateInterviewReport(db, { reportId: data.reportId, finalAttempt: job.retryCount >= job.retryLimit });
      log.info({ reportId: data.reportId, ...result }, 'report generation');
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
