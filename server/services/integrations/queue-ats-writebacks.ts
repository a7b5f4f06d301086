import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { atsOrders, atsWritebacks, interviews, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';

export type AtsWritebackJob = {
  writebackId: string;
  /** 0 for the first series; each retry from the dashboard starts the next one. */
  series: number;
  /** 1 for the first try of a series; each retry adds one. */
  attempt: number;
  /** When this series began (ISO): retries stop once the retry window has passed since. */
  seriesStartedAt?: string;
};

/** What an ATS is told: the interview is completed and its result is settled (every ATS). */
export const WRITEBACK_COMPLETED = 'completed';
/** The candidate began (Ashby only: "Started" makes Ashby store when the assessment started). */
export const WRITEBACK_STARTED = 'started';

/**
 * Called by the outbox (webhooks/emit-event.ts) with every event, in the transaction of the change, so that the
 * write-back commits with the change or not at all:
 * - an interview's result is settled (`interview.completed` without a report to wait for, `report.ready`,
 *   `report.failed`): each order of it with a callback gets one `completed` write-back. The unique (order, kind)
 *   row makes that once per order, whatever emits again (a retried report, a replayed job);
 * - a candidate is erased (`candidate.deleted`): nothing more is sent about them, and where to send it is dropped.
 */
export async function queueAtsWritebacks(tx: DbExecutor, event: { orgId: string; type: string; data: unknown }): Promise<void> {
  const data = event.data as { id?: string; interviewId?: string; reportId?: string | null };
  switch (event.type) {
    case 'interview.started':
      if (data.id) await queueStarted(tx, event.orgId, data.id);
      return;
    case 'interview.completed':
      if (data.id) await queueCompleted(tx, event.orgId, data.id);
      return;
    case 'report.ready':
    case 'report.failed':
      if (data.interviewId) await queueCompleted(tx, event.orgId, data.interviewId);
      return;
    case 'candidate.deleted':
      if (data.id) await stopCandidateWritebacks(tx, { orgId: event.orgId, candidateId: data.id });
      return;
  }
}

/**
 * One `completed` write-back per order of the interview with a callback, when the interview's result is settled.
 * Also called when an order is attached to an interview that is already settled (the ATS ordered a test the
 * candidate had completed): the change that would have queued it happened before the order existed.
 */
export async function queueCompleted(tx: DbExecutor, orgId: string, interviewId: string): Promise<void> {
  const orders = await tx
    .select({ id: atsOrders.id, reportStatus: reports.status })
    .from(atsOrders)
    .innerJoin(interviews, and(eq(interviews.id, atsOrders.interviewId), eq(interviews.orgId, atsOrders.orgId)))
    .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId)))
    .where(and(eq(atsOrders.orgId, orgId), eq(atsOrders.interviewId, interviewId), eq(interviews.status, 'COMPLETED'), isNotNull(atsOrders.callbackUrl)));
  for (const order of orders) {
    // The report is still being written: its report.ready (or report.failed) will queue the write-back.
    if (order.reportStatus === 'PENDING') continue;
    const [row] = await tx
      .insert(atsWritebacks)
      .values({ id: newId('atsWriteback'), orgId, orderId: order.id, kind: WRITEBACK_COMPLETED, status: 'PENDING' })
      .onConflictDoNothing({ target: [atsWritebacks.orderId, atsWritebacks.kind] })
      .returning({ id: atsWritebacks.id });
    if (row) await enqueueAtsWriteback(tx, { writebackId: row.id, series: 0, attempt: 1 });
  }
}

/** One `started` write-back per Ashby order of the interview with a callback (the other protocols have no such call). */
async function queueStarted(tx: DbExecutor, orgId: string, interviewId: string): Promise<void> {
  const orders = await tx
    .select({ id: atsOrders.id })
    .from(atsOrders)
    .where(and(eq(atsOrders.orgId, orgId), eq(atsOrders.interviewId, interviewId), eq(atsOrders.ats, 'ashby'), isNotNull(atsOrders.callbackUrl)));
  for (const order of orders) {
    const [row] = await tx
      .insert(atsWritebacks)
      .values({ id: newId('atsWriteback'), orgId, orderId: order.id, kind: WRITEBACK_STARTED, status: 'PENDING' })
      .onConflictDoNothing({ target: [atsWritebacks.orderId, atsWritebacks.kind] })
      .returning({ id: atsWritebacks.id });
    if (row) await enqueueAtsWriteback(tx, { writebackId: row.id, series: 0, attempt: 1 });
  }
}

/**
 * Erasure: write-backs not yet delivered about the candidate are cancelled, and the orders forget where and how to
 * reach the ATS about them. Runs in the erasure's transaction (through its `candidate.deleted` event).
 */
export async function stopCandidateWritebacks(tx: DbExecutor, input: { orgId: string; candidateId: string }): Promise<void> {
  const orderIds = tx.select({ id: atsOrders.id }).from(atsOrders).where(and(eq(atsOrders.orgId, input.orgId), eq(atsOrders.candidateId, input.candidateId)));
  await tx
    .update(atsWritebacks)
    .set({ status: 'CANCELLED', error: 'The candidate was erased', updatedAt: new Date() })
    .where(and(eq(atsWritebacks.orgId, input.orgId), inArray(atsWritebacks.orderId, orderIds), inArray(atsWritebacks.status, ['PENDING', 'FAILED'])));
  await tx
    .update(atsOrders)
    .set({ callbackUrl: null, callbackAuth: null, externalId: null })
    .where(and(eq(atsOrders.orgId, input.orgId), eq(atsOrders.candidateId, input.candidateId)));
}

/**
 * Queues one attempt, in the caller's transaction. The job id is derived from (write-back, series, attempt): a
 * handler that runs twice and schedules the same next attempt twice queues it once.
 */
export async function enqueueAtsWriteback(executor: DbExecutor, job: AtsWritebackJob, startAfter?: Date): Promise<void> {
  const hex = createHash('sha256').update(`${job.writebackId}\n${job.series}\n${job.attempt}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  await enqueueJob(executor, QUEUES.atsWriteback, job, { id, expireInSeconds: 120, ...(startAfter ? { startAfter } : {}) });
}
