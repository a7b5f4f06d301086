import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '@/db/client';
import { candidates, erasureRequests } from '@/db/schema';
import { invalidField, notFound } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { iso } from '../fields';
import { PaginationInputShape, toPage, type Page } from '../pagination';

/** The time the organization has to answer an erasure request (GDPR Art. 12(3): one month; Illinois: 30 days). */
export const ERASURE_DEADLINE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export const ErasureRequestSchema = z.object({
  id: z.string().describe('Erasure request id (erq_…).'),
  candidateId: z.string().describe('The candidate (cnd_…); kept as an anonymous key after the erasure.'),
  receivedAt: z.string().describe('When the candidate asked.'),
  completedAt: z.string().nullable().describe('When the erasure completed it; null while open.'),
  dueAt: z.string().describe(`receivedAt + ${ERASURE_DEADLINE_DAYS} days.`),
});
export type ErasureRequestDto = z.infer<typeof ErasureRequestSchema>;

export const RecordErasureRequestInputSchema = z.strictObject({
  id: z.string().describe('Candidate id (cnd_…).'),
  receivedAt: z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time' }).optional().describe('When the candidate asked (default: now); not in the future.'),
});

function toDto(row: typeof erasureRequests.$inferSelect): ErasureRequestDto {
  return { id: row.id, candidateId: row.candidateId, receivedAt: iso(row.receivedAt)!, completedAt: iso(row.completedAt), dueAt: new Date(row.receivedAt.getTime() + ERASURE_DEADLINE_DAYS * DAY_MS).toISOString() };
}

/**
 * Records that a candidate of the organization asked to be erased: the 30-day clock starts at `receivedAt`. A
 * request already open for the candidate is returned as it is (asking twice does not restart the clock).
 */
export async function recordErasureRequest(db: DbExecutor, input: { orgId: string; id: string; receivedAt?: string; audit?: AuditContext }): Promise<ErasureRequestDto> {
  if (!isIdOf('candidate', input.id)) throw notFound('Candidate');
  const receivedAt = input.receivedAt ? new Date(input.receivedAt) : new Date();
  if (receivedAt.getTime() > Date.now() + 60_000) throw invalidField('receivedAt', 'Must not be in the future');
  return db.transaction(async (tx) => {
    const [candidate] = await tx.select({ id: candidates.id }).from(candidates).where(and(eq(candidates.id, input.id), eq(candidates.orgId, input.orgId))).for('update');
    if (!candidate) throw notFound('Candidate');
    const [open] = await tx
      .select()
      .from(erasureRequests)
      .where(and(eq(erasureRequests.orgId, input.orgId), eq(erasureRequests.candidateId, candidate.id), isNull(erasureRequests.completedAt)));
    if (open) return toDto(open);
    const [row] = await tx.insert(erasureRequests).values({ id: newId('erasureRequest'), orgId: input.orgId, candidateId: candidate.id, receivedAt }).returning();
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'candidate.erasure_requested', targetType: 'candidate', targetId: candidate.id, details: { requestId: row.id } });
    return toDto(row);
  });
}

/**
 * In the erasure's transaction: completes the candidate's open request, or records one received and completed now
 * (an erasure asked and done at once). Returns the request's id and when it was received.
 */
export async function completeErasureRequest(tx: DbExecutor, input: { orgId: string; candidateId: string; recordIfNone: boolean }): Promise<{ id: string; receivedAt: Date } | null> {
  const now = new Date();
  const [completed] = await tx
    .update(erasureRequests)
    .set({ completedAt: now })
    .where(and(eq(erasureRequests.orgId, input.orgId), eq(erasureRequests.candidateId, input.candidateId), isNull(erasureRequests.completedAt)))
    .returning({ id: erasureRequests.id, receivedAt: erasureRequests.receivedAt });
  if (completed) return completed;
  if (!input.recordIfNone) return null;
  const [row] = await tx.insert(erasureRequests).values({ id: newId('erasureRequest'), orgId: input.orgId, candidateId: input.candidateId, receivedAt: now, completedAt: now }).returning();
  return { id: row.id, receivedAt: row.receivedAt };
}

/** The organization's erasure requests: the open ones first (oldest, so the closest deadline, first), then the latest completed. */
export async function listErasureRequests(db: DbExecutor, input: { orgId: string; limit?: number }): Promise<ErasureRequestDto[]> {
  const rows = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.orgId, input.orgId))
    .orderBy(sql`${erasureRequests.completedAt} is null desc`, asc(sql`case when ${erasureRequests.completedAt} is null then ${erasureRequests.receivedAt} end`), desc(erasureRequests.completedAt))
    .limit(input.limit ?? 50);
  return rows.map(toDto);
}

export const ListErasureRequestsInputSchema = z.strictObject({
  ...PaginationInputShape,
  status: z.enum(['open', 'completed'], 'Must be open or completed').optional().describe('open (not yet completed by the erasure) or completed; default both.'),
  candidateId: z.string().max(100, 'Must be at most 100 characters').optional().describe("Only this candidate's requests (cnd_…; still answers after the candidate was erased)."),
});
export type ListErasureRequestsInput = z.infer<typeof ListErasureRequestsInputSchema>;

/**
 * A page of the organization's erasure requests (REST v1): open ones first, the closest deadline first, then the
 * completed ones, latest first; filtered by status and candidate. Another organization's candidate id finds nothing.
 */
export async function listErasureRequestsPage(db: DbExecutor, input: { orgId: string } & ListErasureRequestsInput): Promise<Page<ErasureRequestDto>> {
  const conditions: SQL[] = [eq(erasureRequests.orgId, input.orgId)];
  if (input.status === 'open') conditions.push(isNull(erasureRequests.completedAt));
  if (input.status === 'completed') conditions.push(isNotNull(erasureRequests.completedAt));
  if (input.candidateId !== undefined) conditions.push(eq(erasureRequests.candidateId, input.candidateId));
  const where = and(...conditions)!;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(erasureRequests)
      .where(where)
      .orderBy(
        sql`${erasureRequests.completedAt} is null desc`,
        asc(sql`case when ${erasureRequests.completedAt} is null then ${erasureRequests.receivedAt} end`),
        desc(erasureRequests.completedAt),
        asc(erasureRequests.id),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(erasureRequests).where(where),
  ]);
  return toPage(rows.map(toDto), total, input.page, input.pageSize);
}
