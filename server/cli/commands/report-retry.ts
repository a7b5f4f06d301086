import type { DatabaseHandle } from '@/db/client';
import { AppError } from '@/server/errors';
import { getJobQueue, startJobQueue } from '@/server/jobs/queue';
import { unsafeRetryReportInAnyOrg } from '@/server/services/reports/retry-report';
import type { CliCommand } from '../command';

/** `report:retry --id rpt_…` → {"id":"rpt_…","status":"PENDING"}: a FAILED report goes back to generation. */
export const reportRetryCommand: CliCommand = {
  name: 'report:retry',
  usage: 'report:retry --id <reportId>  (only a FAILED report; a running server or worker generates it)',
  run: async ({ database, args }) => {
    const reportId = args.id;
    if (typeof reportId !== 'string') throw new AppError('VALIDATION_ERROR', 'Missing --id <reportId>');
    return withSendingQueue(database, () => unsafeRetryReportInAnyOrg(database.db, { reportId }));
  },
};

/** The retry enqueues its job in its transaction, so the queue must be open; this process only sends. */
async function withSendingQueue<T>(database: DatabaseHandle, action: () => Promise<T>): Promise<T> {
  let running = true;
  try {
    getJobQueue();
  } catch {
    running = false;
  }
  const opened = running ? undefined : await startJobQueue(database);
  try {
    return await action();
  } finally {
    await opened?.stop();
  }
}
