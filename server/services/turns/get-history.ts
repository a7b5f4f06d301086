import { and, asc, eq } from 'drizzle-orm';
import { interviews, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { effectiveStatusSql } from '../interviews/effective-status';
import { toTurnDto } from './turn-dto';
import type { HistoryDto } from './turn-schemas';

/** Every turn of the interview in order, and the question the agent is waiting on (if any): what a restarted agent resumes from. */
export async function getHistory(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<HistoryDto> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  // Repeatable read: the status and the turns come from one snapshot, never a status newer than the turns.
  return db.transaction(async (tx) => {
    const [interview] = await tx
      .select({ id: interviews.id, status: effectiveStatusSql })
      .from(interviews)
      .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
    if (!interview) throw notFound('Interview');
    const rows = await tx
      .select()
      .from(turns)
      .where(and(eq(turns.interviewId, interview.id), eq(turns.orgId, input.orgId)))
      .orderBy(asc(turns.turnNumber));
    const history = rows.map(toTurnDto);
    const pending = history.filter((t) => t.isPendingQuestion).at(-1) ?? null;
    return { interviewId: interview.id, status: interview.status, turns: history, pendingQuestion: pending };
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
