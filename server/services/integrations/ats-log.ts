import { and, desc, eq, lt } from 'drizzle-orm';
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
