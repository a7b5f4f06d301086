import { and, eq } from 'drizzle-orm';
import { bulkOperationItems, bulkOperations, campaigns, interviewConfigs, stages, type BulkKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { invalidField } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { BulkParams } from './bulk-row-actions';
import type { BulkInviteInput, BulkOperationDto } from './bulk-schemas';
import { getBulkOperation } from './get-bulk-operation';
import { runBulkOperation } from './run-bulk-operation';

/** When the safety-net job of an inline operation runs (see below). */
const INLINE_FALLBACK_SECONDS = 60;

export type StartBulkOperationInput<K extends BulkKind> = {
  orgId: string;
  /** The signed-in user who acts: every row is done in their name. */
  userId: string;
  audit: AuditContext;
  kind: K;
  params: BulkParams[K];
  targetIds: string[];
  selectionMode: 'ids' | 'filter';
};

/**
 * Records the operation, its rows and its audit entry in one transaction. Up to BULK_INLINE_LIMIT rows it runs
 * at once and answers with every row's outcome; above, the `bulk-operation` job does the work and the answer is
 * the queued operation to poll. Either way the job is queued in that same transaction (the outbox: no operation
 * without its job).
 */
export async function startBulkOperation<K extends BulkKind>(db: DbExecutor, input: StartBulkOperationInput<K>): Promise<BulkOperationDto> {
  const id = newId('bulkOperation');
  const inlineLimit = getEnv().BULK_INLINE_LIMIT;
  const background = input.targetIds.length > inlineLimit;
  await db.transaction(async (tx) => {
    await tx.insert(bulkOperations).values({
      id,
      orgId: input.orgId,
      kind: input.kind,
      params: input.params as Record<string, unknown>,
      total: input.targetIds.length,
      createdBy: input.userId,
      requestId: input.audit.requestId,
    });
    const rows = input.targetIds.map((targetId, position) => ({ operationId: id, position, orgId: input.orgId, targetId }));
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(bulkOperationItems).values(rows.slice(i, i + 1000));
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'bulk_operation.created',
      targetType: 'bulk_operation',
      targetId: id,
      details: { kind: input.kind, total: rows.length, selection: input.selectionMode, background },
    });
    // Above the limit the job does the work. Below it, the request does, and the job is queued for a minute
    // later as a safety net: should the process die mid-run, it resumes the rows left (a finished run makes it
    // a no-op).
    await enqueueJob(tx, QUEUES.bulkOperation, { orgId: input.orgId, operationId: id }, { singletonKey: id, ...(background ? {} : { startAfter: INLINE_FALLBACK_SECONDS }) });
  });
  if (!background) await runBulkOperation(db, { orgId: input.orgId, operationId: id });
  return getBulkOperation(db, { orgId: input.orgId, id, inlineLimit });
}

/**
 * The invitation's campaign, stage and configuration, checked once before any row: a wrong campaign is a 400
 * naming the field, not a thousand failed rows. Returns the stored parameters (the campaign's job included).
 */
export async function checkBulkInvite(db: DbExecutor, orgId: string, input: BulkInviteInput): Promise<BulkParams['candidates.invite']> {
  const [campaign] = isIdOf('campaign', input.campaignId)
    ? await db.select({ jobId: campaigns.jobId }).from(campaigns).where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, input.campaignId)))
    : [];
  if (!campaign) throw invalidField('campaignId', 'No such campaign in this organization');
  if (input.stageId !== undefined) {
    const [stage] = isIdOf('stage', input.stageId)
      ? await db.select({ campaignId: stages.campaignId }).from(stages).where(and(eq(stages.orgId, orgId), eq(stages.id, input.stageId)))
      : [];
    if (!stage || stage.campaignId !== input.campaignId) throw invalidField('stageId', 'No such stage in this campaign');
  }
  if (input.configId !== undefined) {
    const [config] = isIdOf('config', input.configId)
      ? await db.select({ id: interviewConfigs.id }).from(interviewConfigs).where(and(eq(interviewConfigs.orgId, orgId), eq(interviewConfigs.id, input.configId)))
      : [];
    if (!config) throw invalidField('configId', 'No such interview configuration in this organization');
  }
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw invalidField('expiresAt', 'Must be in the future');
  return {
    campaignId: input.campaignId,
    jobId: campaign.jobId,
    ...(input.stageId ? { stageId: input.stageId } : {}),
    ...(input.configId ? { configId: input.configId } : {}),
    ...(input.expiresAt ? { expiresAt: input.expiresAt.toISOString() } : {}),
  };
}
