import { and, asc, eq } from 'drizzle-orm';
import { integrityEvents, interviews, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { deriveIntegritySignals } from './derive-integrity-signals';
import type { IntegritySignals } from './integrity-schemas';

/**
 * An interview's integrity signals (the recruiter's interview page, the v1 report): the page's observations and
 * what the turns' timings show. The organization is in every WHERE; another organization's interview is a 404.
 */
export async function getIntegritySignals(db: DbExecutor, input: { orgId: string; interviewId: string }): Promise<IntegritySignals> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [interview] = await db
    .select({ answerMode: interviews.answerMode })
    .from(interviews)
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!interview) throw notFound('Interview');
  const [events, turnRows] = await Promise.all([
    db
      .select({ kind: integrityEvents.kind, turnNumber: integrityEvents.turnNumber, durationMs: integrityEvents.durationMs, characters: integrityEvents.characters })
      .from(integrityEvents)
      .where(and(eq(integrityEvents.orgId, input.orgId), eq(integrityEvents.interviewId, input.interviewId)))
      .orderBy(asc(integrityEvents.occurredAt)),
    db
      .select({
        turnNumber: turns.turnNumber,
        role: turns.role,
        content: turns.content,
        audioUrl: turns.audioUrl,
        startedAt: turns.startedAt,
        endedAt: turns.endedAt,
        durationMs: turns.durationMs,
        createdAt: turns.createdAt,
      })
      .from(turns)
      .where(and(eq(turns.orgId, input.orgId), eq(turns.interviewId, input.interviewId)))
      .orderBy(asc(turns.turnNumber)),
  ]);
  return deriveIntegritySignals({ answerMode: interview.answerMode, events, turns: turnRows });
}
