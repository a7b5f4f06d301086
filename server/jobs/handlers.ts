import type { Database } from '@/db/client';
import { expireInterviews } from '@/server/services/interviews/expire-interviews';
import { pruneIdempotencyRequests } from '@/server/services/idempotency/idempotency';
import { sendInvitationEmail } from '@/server/services/invitations/send-invitation-email';
import { sendTeamInvitationEmail } from '@/server/services/team/send-team-invitation-email';
import { sendDecisionEmail } from '@/server/services/decisions/decision-email';
import { pruneRateLimitWindows } from '@/server/services/rate-limit/consume-rate-limit';
import { generateInterviewReport } from '@/server/services/reports/generate-interview-report';
import { pruneLoginAttempts } from '@/server/services/auth/login-attempts';
import { pruneSessions } from '@/server/services/auth/sign-out';
import { deliverWebhook } from '@/server/services/webhooks/deliver-webhook';
import { deliverAtsWriteback } from '@/server/services/integrations/deliver-ats-writeback';
import { processLeverStageChange } from '@/server/services/integrations/lever/lever-webhook';
import { pruneWebhookLog } from '@/server/services/webhooks/prune-webhook-log';
import { pruneAtsLog } from '@/server/services/integrations/ats-log';
import { eraseCandidateAudio } from '@/server/services/data-rights/erasure-hooks';
import { runRetention } from '@/server/services/data-rights/run-retention';
import { log } from '@/server/log';
import { sendNotificationDigests, sendNotificationEmail } from '@/server/services/notifications/notification-emails';
import { runBulkOperation } from '@/server/services/bulk/run-bulk-operation';
import { failDeadLetteredReport, unsafeFailStrandedReports } from '@/server/services/reports/fail-stranded-reports';
import { deadLetterQueue, QUEUES, type DeadLetterQueueName, type JobHandler, type QueueName } from './queue';

/** What each queue does. Every handler is safe to run twice: jobs are delivered at least once. */
export function jobHandlers(db: Database): Partial<Record<QueueName | DeadLetterQueueName, JobHandler>> {
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
    // Every attempt failed hard (crash, timeout): the handler's own last-attempt path never ran.
    [deadLetterQueue(QUEUES.generateReport)]: async (data: { reportId?: unknown }) => {
      if (typeof data?.reportId === 'string') await failDeadLetteredReport(db, { reportId: data.reportId });
    },
    [QUEUES.maintenance]: async () => {
      await unsafeFailStrandedReports(db);
      await pruneRateLimitWindows(db);
      await pruneIdempotencyRequests(db);
      await pruneLoginAttempts(db);
      await pruneSessions(db);
      await pruneWebhookLog(db);
      await pruneAtsLog(db);
    },
    [QUEUES.webhookDelivery]: async (data) => {
      const outcome = await deliverWebhook(db, data);
      log.debug({ eventId: data.eventId, endpointId: data.endpointId, attempt: data.attempt, outcome }, 'webhook delivery');
    },
    [QUEUES.atsWriteback]: async (data) => {
      const outcome = await deliverAtsWriteback(db, data);
      log.debug({ writebackId: data.writebackId, series: data.series, attempt: data.attempt, outcome }, 'ats write-back');
    },
    // A Lever Candidate Stage Change into a mapped stage: the opportunity read, the order placed (throws to be retried).
    [QUEUES.leverStageChange]: async (data) => {
      const outcome = await processLeverStageChange(db, data);
      log.debug({ opportunityId: data.opportunityId, outcome }, 'lever stage change');
    },
    [QUEUES.dataRetention]: async () => void (await runRetention(db)),
    [QUEUES.teamInvitationEmail]: async (data) => void (await sendTeamInvitationEmail(db, data)),
    [QUEUES.decisionEmail]: async (data) => void (await sendDecisionEmail(db, data)),
    [QUEUES.eraseAudio]: async (data: { orgId: string; interviewIds: string[] }) => eraseCandidateAudio(db, data),
    [QUEUES.notificationEmail]: async (data: { notificationId: string }) => void (await sendNotificationEmail(db, data)),
    [QUEUES.notificationDigest]: async () => {
      const result = await sendNotificationDigests(db);
      if (result.sent > 0) log.info(result, 'notification digests sent');
    },
    // Resumes at the first row without an outcome: a retried job never redoes a committed row.
    [QUEUES.bulkOperation]: async (data: { orgId: string; operationId: string }) => runBulkOperation(db, data),
  };
}

/** Cron schedules (UTC), run by whichever worker process holds pg-boss's scheduling lock. */
export const JOB_SCHEDULES: Partial<Record<QueueName, string>> = {
  [QUEUES.expirySweep]: '* * * * *',
  [QUEUES.maintenance]: '*/10 * * * *',
  // Daily at 03:17 UTC: erase candidates past their organization's retention period.
  [QUEUES.dataRetention]: '17 3 * * *',
  // Daily at 07:00 UTC (DIGEST_HOUR_UTC): each user's digest of the day's unread notifications.
  [QUEUES.notificationDigest]: '0 7 * * *',
};
