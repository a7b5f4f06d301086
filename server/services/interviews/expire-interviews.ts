import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { interviews, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { emitEvent } from '../webhooks/emit-event';
import { interviewColumns, toInterviewDto } from './interview-dto';

/**
 * Persists EXPIRED for INVITED interviews whose link has expired. Readers already see them as EXPIRED (see
 * effective-status.ts); this makes the stored state agree. Safe to run any number of times, anywhere.
 *
 * interview.expired is emitted here, in the transaction that persists the state: the conditional update picks
 * each interview once whatever the number of sweeps running, so each sends its event once.
 */
export async function expireInterviews(db: DbExecutor, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(interviews)
      .set({ status: 'EXPIRED', updatedAt: sql`now()` })
      .where(and(eq(interviews.status, 'INVITED'), lte(interviews.expiresAt, now)))
      .returning({ id: interviews.id });
    if (rows.length === 0) return 0;
    // Across organizations on purpose (the sweep is the operator's); each event goes to its own organization.
    const expired = await tx
      .select(interviewColumns)
      .from(interviews)
      .leftJoin(reports, eq(reports.interviewId, interviews.id))
      .where(inArray(interviews.id, rows.map((r) => r.id)));
    for (const row of expired) await emitEvent(tx, { orgId: row.orgId, type: 'interview.expired', data: toInterviewDto(row) });
    return rows.length;
  });
}
