import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { reports } from '@/db/schema';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import type { PendingReportDto } from './report-schemas';

/**
 * Sends a FAILED report back to generation: PENDING again, with the job enqueued in the same transaction.
 * Any other status is a 409: a PENDING report is already on its way and a READY one is final.
 */
export async function retryReport(db: DbExecutor, input: { orgId: string; reportId: string }): Promise<PendingReportDto> {
  if (!isIdOf('report', input.reportId)) throw notFound('Report');
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reports)
      .set({ status: 'PENDING', failureReason: null, completedAt: null })
      .where(and(eq(reports.id, input.reportId), eq(reports.orgId, input.orgId), eq(reports.status, 'FAILED')))
      .returning({ id: reports.id });
    if (!updated) {
      const [existing] = await tx
        .select({ status: reports.status })
        .from(reports)
        .where(and(eq(reports.id, input.reportId), eq(reports.orgId, input.orgId)));
      if (!existing) throw notFound('Report');
      throw new AppError('INVALID_STATE', `Only a FAILED report can be retried; this one is ${existing.status}`);
    }
    await enqueueJob(tx, QUEUES.generateReport, { reportId: updated.id });
    return { id: updated.id, status: 'PENDING' as const };
  });
}

/**
 * For the admin CLI, which knows a report id but not its organization: looks the organization up from the
 * report itself, then retries within it.
 */
export async function unsafeRetryReportInAnyOrg(db: DbExecutor, input: { reportId: string }): Promise<PendingReportDto> {
  if (!isIdOf('report', input.reportId)) throw notFound('Report');
  const [row] = await db.select({ orgId: reports.orgId }).from(reports).where(eq(reports.id, input.reportId));
  if (!row) throw notFound('Report');
  return retryReport(db, { orgId: row.orgId, reportId: input.reportId });
}
