import { and, eq } from 'drizzle-orm';
import { reports, type ReportStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';

/**
 * Asks for the interview's report: a PENDING `reports` row and its generate-report job, written through the
 * caller's transaction (the transactional outbox: both exist if and only if the caller commits). An interview
 * has at most one report (unique interview_id): asking again returns the existing one and enqueues nothing.
 */
export async function requestInterviewReport(tx: DbExecutor, input: { orgId: string; interviewId: string }): Promise<{ reportId: string; status: ReportStatus }> {
  const [created] = await tx
    .insert(reports)
    .values({ id: newId('report'), orgId: input.orgId, type: 'interview', interviewId: input.interviewId, status: 'PENDING' })
    .onConflictDoNothing({ target: reports.interviewId })
    .returning({ id: reports.id, status: reports.status });
  if (created) {
    await enqueueJob(tx, QUEUES.generateReport, { reportId: created.id });
    return { reportId: created.id, status: created.status };
  }
  const [existing] = await tx
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(and(eq(reports.interviewId, input.interviewId), eq(reports.orgId, input.orgId)));
  return { reportId: existing.id, status: existing.status };
}
