import { and, eq } from 'drizzle-orm';
import { turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
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
    const changes: Partial<typeof turns.$inferInsert> = { updatedAt: now };
    if (input.content !== undefined) changes.content = input.content;
    if (input.audioUrl !== undefined) {
      changes.audioUrl = input.audioUrl && (await agentAudioUrlToStore(tx, { interviewId: input.interviewId, orgId: input.orgId, field: 'audioUrl', url: input.audioUrl }));
    }
    if (input.evaluation !== undefined) changes.evaluation = input.evaluation;
    const [row] = await tx
      .update(turns)
      .set(changes)
      .where(and(eq(turns.interviewId, input.interviewId), eq(turns.orgId, input.orgId), eq(turns.turnNumber, input.turnNumber)))
      .returning();
    if (!row) throw notFound(`Turn ${input.turnNumber}`);
    return toTurnDto(row);
  });
}
