import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { atsLogEntries, type AtsKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { iso } from '../fields';

export type AtsLogEntryDto = { id: string; ats: AtsKind; direction: 'inbound' | 'outbound'; operation: string; orderId: string | null; responseStatus: number | null; durationMs: number | null; error: string | null; createdAt: string };

/** Our own words are stored, never a body: an error is cut to this length. */
const MAX_ERROR_CHARS = 500;

/** One line of the integration's log: what the ATS asked (inbound) or what we sent it (outbound), and how it went. */
export async function recordAtsLogEntry(
  db: DbExecutor,
  entry: { orgId: string; ats: AtsKind; direction: 'inbound' | 'outbound'; operation: string; orderId?: string | null; responseStatus: number | null; durationMs?: number | null; error?: string | null },
): Promise<void> {
  await db.insert(atsLogEntries).values({
    id: newId('atsLogEntry'),
    orgId: entry.orgId,
    ats: entry.ats,
    direction: entry.direction,
    operation: entry.operation,
    orderId: entry.orderId ?? null,
    responseStatus: entry.responseStatus,
    durationMs: entry.durationMs ?? null,
    error: entry.error ? entry.error.slice(0, MAX_ERROR_CHARS) : null,
  });
}

/** The newest entries first, at most `limit` (100 by default), `before` an entry's time to page back. */
export async function listAtsLog(db: DbExecutor, input: { orgId: string; ats: AtsKind; limit?: number; before?: Date }): Promise<AtsLogEntryDto[]> {
  const rows = await db
    .select()
    .from(atsLogEntries)
    .where(and(eq(atsLogEntries.orgId, input.orgId), eq(atsLogEntries.ats, input.ats), input.before ? lt(atsLogEntries.createdAt, input.before) : undefined))
    .orderBy(desc(atsLogEntries.createdAt), desc(atsLogEntries.id))
    .limit(Math.min(Math.max(input.limit ?? 100, 1), 500));
  return rows.map((r) => ({ id: r.id, ats: r.ats, direction: r.direction, operation: r.operation, orderId: r.orderId, responseStatus: r.responseStatus, durationMs: r.durationMs, error: r.error, createdAt: iso(r.createdAt) }));
}

/**
 * How long the integration log is kept: long enough to answer "what did the ATS ask last month", well past any
 * write-back's retry window (at most 7 days). Older lines say nothing the orders and write-backs do not.
 */
export const ATS_LOG_RETENTION_DAYS = 90;

/**
 * Deletes log lines older than the retention, across organizations on purpose (the maintenance job's), in batches
 * so that one run never holds a long lock on a large log. Returns how many went.
 */
export async function pruneAtsLog(db: DbExecutor, input: { retentionDays?: number; batchSize?: number } = {}): Promise<number> {
  const days = input.retentionDays ?? ATS_LOG_RETENTION_DAYS;
  const batchSize = input.batchSize ?? 5_000;
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: atsLogEntries.id })
      .from(atsLogEntries)
      .where(lt(atsLogEntries.createdAt, sql`now() - make_interval(days => ${days})`))
      .limit(batchSize);
    const deleted = await db.delete(atsLogEntries).where(inArray(atsLogEntries.id, batch)).returning({ id: atsLogEntries.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
