import { and, asc, eq, sql } from 'drizzle-orm';
import { bulkOperationItems, bulkOperations, candidates, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import type { BulkOperationDto } from './bulk-schemas';

/** The rows an operation's answer lists: the ones that were not ok first, so a failure is never cut off. */
export const RESULT_ROWS = 1_000;

export async function getBulkOperation(db: DbExecutor, input: { orgId: string; id: string; inlineLimit: number }): Promise<BulkOperationDto> {
  if (!isIdOf('bulkOperation', input.id)) throw notFound('Bulk operation');
  const [operation] = await db
    .select()
    .from(bulkOperations)
    .where(and(eq(bulkOperations.orgId, input.orgId), eq(bulkOperations.id, input.id)));
  if (!operation) throw notFound('Bulk operation');
  const onCandidates = operation.kind.startsWith('candidates.');
  // The label is read now, through the organization's own rows: an erased candidate has none.
  const candidateId = onCandidates
    ? bulkOperationItems.targetId
    : sql`(select ${interviews.candidateId} from ${interviews} where ${interviews.id} = ${bulkOperationItems.targetId} and ${interviews.orgId} = ${input.orgId})`;
  const label = sql<string | null>`(select nullif(trim(coalesce(${candidates.firstName}, '') || ' ' || coalesce(${candidates.lastName}, '')), '')
    from ${candidates} where ${candidates.id} = ${candidateId} and ${candidates.orgId} = ${input.orgId})`;
  const email = sql<string | null>`(select ${candidates.email} from ${candidates} where ${candidates.id} = ${candidateId} and ${candidates.orgId} = ${input.orgId})`;
  const rows = await db
    .select({
      position: bulkOperationItems.position,
      targetId: bulkOperationItems.targetId,
      outcome: bulkOperationItems.outcome,
      reason: bulkOperationItems.reason,
      resultId: bulkOperationItems.resultId,
      label,
      email,
    })
    .from(bulkOperationItems)
    .where(and(eq(bulkOperationItems.operationId, operation.id), eq(bulkOperationItems.orgId, input.orgId)))
    .orderBy(sql`case ${bulkOperationItems.outcome} when 'failed' then 0 when 'skipped' then 1 when 'ok' then 3 else 2 end`, asc(bulkOperationItems.position))
    .limit(RESULT_ROWS);
  return {
    id: operation.id,
    kind: operation.kind,
    status: operation.status,
    total: operation.total,
    done: operation.done,
    ok: operation.done - operation.failed - operation.skipped,
    skipped: operation.skipped,
    failed: operation.failed,
    background: operation.total > input.inlineLimit,
    createdAt: iso(operation.createdAt),
    completedAt: iso(operation.completedAt),
    results: rows.map(({ email, label: name, ...row }) => ({ ...row, label: name ?? email ?? null })),
  };
}
