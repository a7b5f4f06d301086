import { and, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import { interviews, type InterviewStatus } from '@/db/schema';

/**
 * An INVITED interview whose link has expired is EXPIRED for every reader at once, before the expiry sweep
 * persists it. These are the one definition of that rule, in SQL and in TypeScript.
 */
export const effectiveStatusSql = sql<InterviewStatus>`case when ${interviews.status} = 'INVITED' and ${interviews.expiresAt} <= now() then 'EXPIRED' else ${interviews.status} end`;

export function effectiveStatus(row: { status: InterviewStatus; expiresAt: Date }, now = new Date()): InterviewStatus {
  return row.status === 'INVITED' && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

/** A status filter that uses the (org, status, created_at) index and respects the rule above. */
export function statusFilter(status: InterviewStatus): SQL {
  const now = sql`now()`;
  if (status === 'EXPIRED') {
    return or(eq(interviews.status, 'EXPIRED'), and(eq(interviews.status, 'INVITED'), lte(interviews.expiresAt, now)))!;
  }
  if (status === 'INVITED') return and(eq(interviews.status, 'INVITED'), gt(interviews.expiresAt, now))!;
  return eq(interviews.status, status);
}
