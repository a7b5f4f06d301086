import { and, eq, lte, sql } from 'drizzle-orm';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/**
 * Persists EXPIRED for INVITED interviews whose link has expired. Readers already see them as EXPIRED (see
 * effective-status.ts); this makes the stored state agree. Safe to run any number of times, anywhere.
 */
export async function expireInterviews(db: DbExecutor, now = new Date()): Promise<number> {
  const rows = await db
    .update(interviews)
    .set({ status: 'EXPIRED', updatedAt: sql`now()` })
    .where(and(eq(interviews.status, 'INVITED'), lte(interviews.expiresAt, now)))
    .returning({ id: interviews.id });
  return rows.length;
}
