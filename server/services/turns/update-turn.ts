import { and, eq } from 'drizzle-orm';
import { turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { invalidField, notFound } from '@/server/errors';
import { agentAudioUrlToStore } from '../audio/agent-audio-url';
import { assertConversationOpen, lockInterview } from '../interviews/lock-interview';
import { toTurnDto } from './turn-dto';
import type { TurnDto, UpdateTurnInput } from './turn-schemas';

/**
 * Completes a recorded turn, normally with the final transcript and the evaluation once the candidate has
 * answered. Only the fields given change. Under the interview's lock, so an edit never lands after finalize.
 */
export async function updateTurn(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; turnNumber: number } & UpdateTurnInput,
): Promise<TurnDto> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const interview = await lockInterview(tx, input, now);
    assertConversationOpen(interview, now);
    await checkTimingAgainstStored(tx, input);
    const changes: Partial<typeof turns.$inferInsert> = { updatedAt: now };
    if (input.content !== undefined) changes.content = input.content;
    if (input.audioUrl !== undefined) {
      changes.audioUrl = input.audioUrl && (await agentAudioUrlToStore(tx, { interviewId: input.interviewId, orgId: input.orgId, field: 'audioUrl', url: input.audioUrl }));
    }
    if (input.evaluation !== undefined) changes.evaluation = input.evaluation;
    if (input.startedAt !== undefined) changes.startedAt = input.startedAt;
    if (input.endedAt !== undefined) changes.endedAt = input.endedAt;
    if (input.offsetMs !== undefined) changes.offsetMs = input.offsetMs;
    if (input.durationMs !== undefined) changes.durationMs = input.durationMs;
    const [row] = await tx
      .update(turns)
      .set(changes)
      .where(and(eq(turns.interviewId, input.interviewId), eq(turns.orgId, input.orgId), eq(turns.turnNumber, input.turnNumber)))
      .returning();
    if (!row) throw notFound(`Turn ${input.turnNumber}`);
    return toTurnDto(row);
  });
}

/**
 * One of startedAt and endedAt given alone is checked against the other one as stored (the body's own check saw only
 * what it holds), before the update: the table's check constraint would otherwise refuse it as a server error.
 */
async function checkTimingAgainstStored(tx: DbExecutor, input: { orgId: string; interviewId: string; turnNumber: number } & UpdateTurnInput): Promise<void> {
  const alone = input.startedAt && input.endedAt === undefined ? 'startedAt' : input.endedAt && input.startedAt === undefined ? 'endedAt' : null;
  if (!alone) return;
  const [stored] = await tx
    .select({ startedAt: turns.startedAt, endedAt: turns.endedAt })
    .from(turns)
    .where(and(eq(turns.interviewId, input.interviewId), eq(turns.orgId, input.orgId), eq(turns.turnNumber, input.turnNumber)));
  if (!stored) return; // the update finds nothing either: its 404
  if (alone === 'startedAt' && stored.endedAt && input.startedAt!.getTime() > stored.endedAt.getTime()) {
    throw invalidField('startedAt', `Must not be after the turn's endedAt (${stored.endedAt.toISOString()})`);
  }
  if (alone === 'endedAt' && stored.startedAt && input.endedAt!.getTime() < stored.startedAt.getTime()) {
    throw invalidField('endedAt', `Must not be before the turn's startedAt (${stored.startedAt.toISOString()})`);
  }
}
