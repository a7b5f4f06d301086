import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { reports } from '@/db/schema';
import { QUEUES } from '@/server/jobs/queue';
import { log } from '@/server/log';
import { emitReportEvent } from './generate-interview-report';

export const DEAD_LETTERED_REASON =
  'The report could not be generated: its job failed on every attempt (the generator crashed or timed out). Retry it.';
export const STRANDED_REASON = 'The report generation was lost (its job no longer exists). Retry it.';

/** A PENDING report younger than this is left alone by the sweep: its job may be committing right now. */
export const STRANDED_AFTER_MS = 10 * 60_000;

/**
 * The generate-report job landed in its dead-letter queue (every attempt failed hard: the process died, the job
 * timed out, so the handler's own last-attempt path never ran): the report becomes FAILED with a reason, which
 * the dashboard's retry accepts. Only a PENDING report changes; a READY or FAILED one stays as it is.
 * The job names the report only: the organization is read from the report row.
 */
export async function failDeadLetteredReport(db: DbExecutor, input: { reportId: string }): Promise<boolean> {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reports)
      .set({ status: 'FAILED', failureReason: DEAD_LETTERED_REASON })
      .where(and(eq(reports.id, input.reportId), eq(reports.status, 'PENDING')))
      .returning({ id: reports.id, orgId: reports.orgId });
    if (row) await emitReportEvent(tx, 'report.failed', { orgId: row.orgId, reportId: row.id });
    return row;
  });
  if (updated) log.warn({ reportId: updated.id, orgId: updated.orgId }, 'report FAILED: its generate-report job was dead-lettered');
  return Boolean(updated);
}

/**
 * The maintenance sweep across organizations (an operator's job, hence no org filter): PENDING reports older than
 * STRANDED_AFTER_MS with no generate-report job waiting, retrying or running for them become FAILED, so nothing
 * stays PENDING forever (a job deleted by hand, a queue purged, a dead letter that was never worked).
 */
export async function unsafeFailStrandedReports(db: DbExecutor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STRANDED_AFTER_MS);
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reports)
      .set({ status: 'FAILED', failureReason: STRANDED_REASON })
      .where(
        and(
          eq(reports.status, 'PENDING'),
          eq(reports.type, 'interview'),
          lt(reports.createdAt, cutoff),
          sql`not exists (select 1 from pgboss.job j where j.name = ${QUEUES.generateReport} and j.state in ('created', 'retry', 'active') and j.data->>'reportId' = ${reports.id})`,
        ),
      )
      .returning({ id: reports.id, orgId: reports.orgId });
    for (const row of rows) await emitReportEvent(tx, 'report.failed', { orgId: row.orgId, reportId: row.id });
    return rows;
  });
  for (const row of updated) log.warn({ reportId: row.id, orgId: row.orgId }, 'stranded PENDING report marked FAILED (no job left for it)');
  return updated.length;
}
