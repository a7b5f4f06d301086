import { auditEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import type { AuditAction, AuditTargetType } from './audit-actions';
import { systemAudit, type AuditContext } from './audit-actor';

export type AuditDetails = Record<string, string | number | boolean | null | string[] | number[]>;

export type AuditEventInput = {
  orgId: string;
  /** The caller's actor and request id; absent: the service itself (see systemAudit). */
  audit?: AuditContext;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** Ids, counts, field names, statuses: never personal data (names, emails, phone numbers, answers). */
  details?: AuditDetails;
};

/**
 * Appends one entry to the audit log. Call it with the transaction of the action it records, so the entry
 * commits with the action or not at all.
 */
export async function recordAuditEvent(executor: DbExecutor, input: AuditEventInput): Promise<string> {
  const [id] = await recordAuditEvents(executor, [input]);
  return id;
}

/** Several entries in one statement per 1,000 (a CSV import creates one candidate per row). */
export async function recordAuditEvents(executor: DbExecutor, inputs: AuditEventInput[]): Promise<string[]> {
  const rows = inputs.map((input) => toRow(input));
  for (let i = 0; i < rows.length; i += 1000) await executor.insert(auditEvents).values(rows.slice(i, i + 1000));
  return rows.map((row) => row.id);
}

function toRow(input: AuditEventInput): typeof auditEvents.$inferInsert & { id: string } {
  const audit = input.audit ?? systemAudit();
  return {
    id: newId('auditEvent'),
    orgId: input.orgId,
    actorType: audit.actor.type,
    actorId: audit.actor.id,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    requestId: audit.requestId,
    details: input.details ?? {},
    // Millisecond precision (a JS Date), so the CSV export's keyset on (createdAt, id) round-trips exactly.
    createdAt: new Date(),
  };
}
