import { and, desc, lt, or, eq, type SQL } from 'drizzle-orm';
import { auditEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { csvRow } from '../reports/csv';
import type { AuditContext } from './audit-actor';
import type { AuditFilter } from './audit-schemas';
import { auditWhere, toAuditEventDto } from './list-audit-events';
import { recordAuditEvent } from './record-audit-event';

const BATCH_SIZE = 500;
export const AUDIT_CSV_COLUMNS = ['id', 'createdAt', 'actorType', 'actorId', 'action', 'targetType', 'targetId', 'requestId', 'details'] as const;

export type AuditExport = { contentType: string; fileName: string; body: AsyncGenerator<string> };

/**
 * The organization's audit log as CSV (newest first, the list's filters), streamed in batches. Every cell goes
 * through the reports' CSV encoder, which neutralises formulas (OWASP). The export itself is audited first.
 */
export async function exportAuditEvents(
  db: DbExecutor,
  input: { orgId: string; audit?: AuditContext; now?: Date } & AuditFilter,
): Promise<AuditExport> {
  const filter: AuditFilter = { action: input.action, targetId: input.targetId, since: input.since, until: input.until };
  await recordAuditEvent(db, {
    orgId: input.orgId,
    audit: input.audit,
    action: 'audit_log.exported',
    targetType: 'organization',
    targetId: input.orgId,
    details: {
      format: 'csv',
      action: filter.action ?? null,
      targetId: filter.targetId ?? null,
      since: filter.since?.toISOString() ?? null,
      until: filter.until?.toISOString() ?? null,
    },
  });
  const stamp = (input.now ?? new Date()).toISOString().slice(0, 10);
  return { contentType: 'text/csv; charset=utf-8', fileName: `audit-log-${stamp}.csv`, body: csvBody(db, input.orgId, filter) };
}

async function* csvBody(db: DbExecutor, orgId: string, filter: AuditFilter): AsyncGenerator<string> {
  yield csvRow(AUDIT_CSV_COLUMNS);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const conditions: SQL[] = [auditWhere(orgId, filter)];
    // Keyset pagination on the list's order: stable while new events arrive, flat memory whatever the size.
    if (after) conditions.push(or(lt(auditEvents.createdAt, after.createdAt), and(eq(auditEvents.createdAt, after.createdAt), lt(auditEvents.id, after.id)))!);
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(...conditions))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(BATCH_SIZE);
    for (const row of rows) {
      const dto = toAuditEventDto(row);
      yield csvRow([dto.id, dto.createdAt, dto.actor.type, dto.actor.id, dto.action, dto.targetType, dto.targetId, dto.requestId, JSON.stringify(dto.details)]);
    }
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
