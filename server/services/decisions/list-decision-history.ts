import { and, desc, eq } from 'drizzle-orm';
import { interviewDecisions, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import type { DecisionHistoryEntry } from './decision-schemas';

/** Every decision taken on one interview of the organization, newest first (the first is the current one). */
export async function listDecisionHistory(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<DecisionHistoryEntry[]> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [interview] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!interview) throw notFound('Interview');
  const rows = await db
    .select()
    .from(interviewDecisions)
    .where(and(eq(interviewDecisions.orgId, input.orgId), eq(interviewDecisions.interviewId, interview.id)))
    .orderBy(desc(interviewDecisions.decidedAt), desc(interviewDecisions.id));
  return rows.map((row) => ({
    id: row.id,
    current: row.supersededAt === null,
    status: row.status,
    reason: row.reason,
    decidedAt: row.decidedAt.toISOString(),
    decidedBy: { type: row.decidedByType, id: row.decidedById },
  }));
}
