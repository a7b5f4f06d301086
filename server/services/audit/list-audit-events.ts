import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { auditEvents } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import { toPage, type Page } from '../pagination';
import type { AuditEventDto, AuditFilter } from './audit-schemas';

/** The organization filter comes first: it is what keeps one organization's log from another's. */
export function auditWhere(orgId: string, filter: AuditFilter): SQL {
  const conditions: SQL[] = [eq(auditEvents.orgId, orgId)];
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.targetId) conditions.push(eq(auditEvents.targetId, filter.targetId));
  if (filter.since) conditions.push(gte(auditEvents.createdAt, filter.since));
  if (filter.until) conditions.push(lt(auditEvents.createdAt, filter.until));
  return and(...conditions)!;
}

export function toAuditEventDto(row: typeof auditEvents.$inferSelect): AuditEventDto {
  return {
    id: row.id,
    actor: { type: row.actorType, id: row.actorId },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    requestId: row.requestId,
    createdAt: iso(row.createdAt),
    details: row.details,
  };
}

/** The organization's audit log, newest first (createdAt, then id, descending), filtered. */
export async function listAuditEvents(
  db: DbExecutor,
  input: { orgId: string; page: number; pageSize: number } & AuditFilter,
): Promise<Page<AuditEventDto>> {
  const where = auditWhere(input.orgId, input);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ]);
  return toPage(rows.map(toAuditEventDto), total, input.page, input.pageSize);
}
