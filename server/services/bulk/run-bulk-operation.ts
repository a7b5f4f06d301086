import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { bulkOperationItems, bulkOperations, type BulkKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import { BULK_ROW_ACTIONS, type BulkParams, type RowOutcome } from './bulk-row-actions';

/** A refusal because of the row's state (already cancelled, not completed yet): nothing to do, not an error. */
const SKIPPED_CODES = new Set(['INVALID_STATE', 'CONFLICT', 'GONE']);

/**
 * Works an operation's rows that have no outcome yet, one transaction per row: the row's action (a savepoint,
 * so a refused row rolls back alone), its outcome and the operation's counters commit together. A job retried
 * after a crash therefore resumes at the first row without an outcome and never redoes a committed one; two
 * runners at once (a job retried while the first still runs) take different rows (SKIP LOCKED).
 * `maxRows` stops after that many rows, as a crash would (tests); the operation then stays `running`.
 */
export async function runBulkOperation(db: DbExecutor, input: { orgId: string; operationId: string; maxRows?: number }): Promise<void> {
  const [operation] = await db
    .select()
    .from(bulkOperations)
    .where(and(eq(bulkOperations.orgId, input.orgId), eq(bulkOperations.id, input.operationId)));
  if (!operation || operation.status === 'completed') return;
  await db
    .update(bulkOperations)
    .set({ status: 'running', updatedAt: sql`now()` })
    .where(and(eq(bulkOperations.orgId, input.orgId), eq(bulkOperations.id, operation.id), eq(bulkOperations.status, 'queued')));
  const audit: AuditContext = { actor: { type: 'user', id: operation.createdBy }, requestId: operation.requestId };
  const action = BULK_ROW_ACTIONS[operation.kind] as (tx: DbExecutor, row: Parameters<(typeof BULK_ROW_ACTIONS)[BulkKind]>[1], params: BulkParams[BulkKind]) => Promise<RowOutcome>;
  const params = operation.params as BulkParams[BulkKind];
  for (let worked = 0; input.maxRows === undefined || worked < input.maxRows; worked++) {
    const more = await db.transaction(async (tx) => {
      const [item] = await tx
        .select()
        .from(bulkOperationItems)
        .where(and(eq(bulkOperationItems.operationId, operation.id), eq(bulkOperationItems.orgId, input.orgId), isNull(bulkOperationItems.outcome)))
        .orderBy(asc(bulkOperationItems.position))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!item) return false;
      let result: RowOutcome;
      try {
        result = await tx.transaction((rowTx) => action(rowTx, { orgId: input.orgId, targetId: item.targetId, audit, userId: operation.createdBy }, params));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        result = { outcome: SKIPPED_CODES.has(error.appCode) ? 'skipped' : 'failed', reason: error.message };
      }
      await tx
        .update(bulkOperationItems)
        .set({ outcome: result.outcome, reason: result.reason ?? null, resultId: result.resultId ?? null, finishedAt: sql`now()` })
        .where(and(eq(bulkOperationItems.operationId, operation.id), eq(bulkOperationItems.position, item.position)));
      await tx
        .update(bulkOperations)
        .set({
          done: sql`${bulkOperations.done} + 1`,
          failed: sql`${bulkOperations.failed} + ${result.outcome === 'failed' ? 1 : 0}`,
          skipped: sql`${bulkOperations.skipped} + ${result.outcome === 'skipped' ? 1 : 0}`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(bulkOperations.orgId, input.orgId), eq(bulkOperations.id, operation.id)));
      return true;
    });
    if (!more) break;
  }
  // Completed once every row has its outcome (a row another runner still holds keeps it running).
  await db
    .update(bulkOperations)
    .set({ status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(bulkOperations.orgId, input.orgId),
        eq(bulkOperations.id, operation.id),
        ne(bulkOperations.status, 'completed'),
        eq(bulkOperations.done, bulkOperations.total),
      ),
    );
}
