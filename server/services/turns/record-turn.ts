import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { interviews, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { assertConversationOpen, lockInterview } from '../interviews/lock-interview';
import { toTurnDto } from './turn-dto';
import type { RecordTurnInput, TurnDto } from './turn-schemas';

export type RecordTurnResult = { created: boolean; turn: TurnDto };

type TurnRow = typeof turns.$inferSelect;
type WantedTurn = Pick<TurnRow, 'role' | 'content' | 'audioUrl' | 'isPendingQuestion' | 'evaluation'>;

/**
 * Records one turn of the conversation. (interview, turnNumber) is the identity the agent retries on: the same
 * number with the same fields returns the stored turn (created: false), with other fields it is a 409.
 *
 * Runs under the interview's row lock, so turns posted concurrently are stored once each, the first turn moves
 * the interview to IN_PROGRESS exactly once, and "at most one pending question" holds: the pending question is
 * the latest agent question that no later candidate turn or later question has superseded.
 */
export async function recordTurn(db: DbExecutor, input: { orgId: string; interviewId: string } & RecordTurnInput): Promise<RecordTurnResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const interview = await lockInterview(tx, input, now);
    assertConversationOpen(interview, now);
    const { orgId, interviewId, turnNumber } = input;
    const wanted: WantedTurn = {
      role: input.role,
      content: input.content ?? '',
      audioUrl: input.audioUrl ?? null,
      isPendingQuestion: input.isPendingQuestion ?? false,
      evaluation: input.evaluation ?? null,
    };
    const thisTurn = and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId), eq(turns.turnNumber, turnNumber));

    const [existing] = await tx.select().from(turns).where(thisTurn);
    if (existing) return { created: false, turn: await sameTurnOrConflict(tx, orgId, existing, wanted) };

    // A question that arrives after its answer (or after the next question) is already settled, not pending.
    let isPendingQuestion = wanted.isPendingQuestion;
    if (isPendingQuestion) isPendingQuestion = !(await hasLaterTurn(tx, orgId, interviewId, turnNumber, 'superseding'));

    const [row] = await tx
      .insert(turns)
      .values({ interviewId, orgId, turnNumber, ...wanted, isPendingQuestion, createdAt: now, updatedAt: now })
      // The primary key settles a race with any writer that did not take the interview lock.
      .onConflictDoNothing({ target: [turns.interviewId, turns.turnNumber] })
      .returning();
    if (!row) {
      const [stored] = await tx.select().from(turns).where(thisTurn);
      return { created: false, turn: await sameTurnOrConflict(tx, orgId, stored, wanted) };
    }

    const interviewTurns = and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId), eq(turns.isPendingQuestion, true));
    if (isPendingQuestion) {
      await tx.update(turns).set({ isPendingQuestion: false, updatedAt: now }).where(and(interviewTurns, ne(turns.turnNumber, turnNumber)));
    } else if (wanted.role === 'candidate') {
      await tx.update(turns).set({ isPendingQuestion: false, updatedAt: now }).where(and(interviewTurns, lt(turns.turnNumber, turnNumber)));
    }

    if (interview.effectiveStatus === 'DRAFT' || interview.effectiveStatus === 'INVITED') {
      await tx
        .update(interviews)
        .set({ status: 'IN_PROGRESS', startedAt: now, updatedAt: now })
        .where(and(eq(interviews.id, interviewId), eq(interviews.orgId, orgId)));
    }
    return { created: true, turn: toTurnDto(row) };
  });
}

/**
 * A retry matches when every field equals the stored turn. A question's pending flag is the one field that
 * later turns change: a retried question that was pending when first posted still matches once answered.
 */
async function sameTurnOrConflict(tx: DbExecutor, orgId: string, stored: TurnRow, wanted: WantedTurn): Promise<TurnDto> {
  const differs: string[] = [];
  if (stored.role !== wanted.role) differs.push('role');
  if (stored.content !== wanted.content) differs.push('content');
  if (stored.audioUrl !== wanted.audioUrl) differs.push('audioUrl');
  if (canonicalJson(stored.evaluation) !== canonicalJson(wanted.evaluation)) differs.push('evaluation');
  if (stored.isPendingQuestion !== wanted.isPendingQuestion) {
    const cleared = wanted.isPendingQuestion && (await hasLaterTurn(tx, orgId, stored.interviewId, stored.turnNumber, 'any'));
    if (!cleared) differs.push('isPendingQuestion');
  }
  if (differs.length > 0) {
    // The message names the differing fields: the contract keeps `issues` for validation errors only.
    throw new AppError('CONFLICT', `Turn ${stored.turnNumber} was already recorded with other ${differs.join(', ')}`);
  }
  return toTurnDto(stored);
}

async function hasLaterTurn(tx: DbExecutor, orgId: string, interviewId: string, turnNumber: number, kind: 'any' | 'superseding'): Promise<boolean> {
  const later = and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId), gt(turns.turnNumber, turnNumber));
  const where = kind === 'any' ? later : and(later, or(eq(turns.role, 'candidate'), eq(turns.isPendingQuestion, true)));
  const [row] = await tx.select({ one: sql<number>`1` }).from(turns).where(where).limit(1);
  return Boolean(row);
}

/** JSON with sorted keys: jsonb does not keep the key order it was given. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
