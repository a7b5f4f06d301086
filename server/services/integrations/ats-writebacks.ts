import { and, desc, eq, sql } from 'drizzle-orm';
import { atsOrders, atsWritebacks, type AtsKind, type AtsWritebackStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { enqueueAtsWriteback } from './queue-ats-writebacks';

export type AtsWritebackDto = {
  id: string;
  orderId: string;
  interviewId: string;
  kind: string;
  status: AtsWritebackStatus;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
};

const columns = { writeback: atsWritebacks, interviewId: atsOrders.interviewId };

function toDto(row: { writeback: typeof atsWritebacks.$inferSelect; interviewId: string }): AtsWritebackDto {
  const w = row.writeback;
  return {
    id: w.id,
    orderId: w.orderId,
    interviewId: row.interviewId,
    kind: w.kind,
    status: w.status,
    attempts: w.attempts,
    responseStatus: w.responseStatus,
    error: w.error,
    deliveredAt: w.deliveredAt ? iso(w.deliveredAt) : null,
    createdAt: iso(w.createdAt),
    updatedAt: iso(w.updatedAt),
  };
}

/** The organization's write-backs to this ATS, newest first. */
export async function listAtsWritebacks(db: DbExecutor, input: { orgId: string; ats: AtsKind; limit?: number }): Promise<AtsWritebackDto[]> {
  const rows = await db
    .select(columns)
    .from(atsWritebacks)
    .innerJoin(atsOrders, and(eq(atsOrders.id, atsWritebacks.orderId), eq(atsOrders.orgId, atsWritebacks.orgId)))
    .where(and(eq(atsWritebacks.orgId, input.orgId), eq(atsOrders.ats, input.ats)))
    .orderBy(desc(atsWritebacks.createdAt), desc(atsWritebacks.id))
    .limit(Math.min(Math.max(input.limit ?? 100, 1), 500));
  return rows.map(toDto);
}

/**
 * A FAILED write-back goes back to PENDING with a new series of attempts (its own job ids), queued in the same
 * transaction. Anything else (delivered, in flight, cancelled by an erasure) is a conflict: it is not sent twice.
 */
export async function retryAtsWriteback(db: DbExecutor, input: { orgId: string; id: string; audit?: AuditContext }): Promise<AtsWritebackDto> {
  if (!isIdOf('atsWriteback', input.id)) throw notFound('Write-back');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(atsWritebacks)
      .set({ status: 'PENDING', series: sql`${atsWritebacks.series} + 1`, error: null, updatedAt: new Date() })
      .where(and(eq(atsWritebacks.id, input.id), eq(atsWritebacks.orgId, input.orgId), eq(atsWritebacks.status, 'FAILED')))
      .returning({ id: atsWritebacks.id, series: atsWritebacks.series });
    if (!row) {
      const [exists] = await tx.select({ status: atsWritebacks.status }).from(atsWritebacks).where(and(eq(atsWritebacks.id, input.id), eq(atsWritebacks.orgId, input.orgId)));
      if (!exists) throw notFound('Write-back');
      throw new AppError('CONFLICT', `Only a failed write-back can be retried; this one is ${exists.status}`);
    }
    await enqueueAtsWriteback(tx, { writebackId: row.id, series: row.series, attempt: 1 });
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'integration.writeback_retried', targetType: 'ats_writeback', targetId: row.id });
  });
  const [row] = await db
    .select(columns)
    .from(atsWritebacks)
    .innerJoin(atsOrders, and(eq(atsOrders.id, atsWritebacks.orderId), eq(atsOrders.orgId, atsWritebacks.orgId)))
    .where(and(eq(atsWritebacks.id, input.id), eq(atsWritebacks.orgId, input.orgId)));
  return toDto(row);
}
