import type { DbExecutor } from '@/db/client';
import { integrityEvents } from '@/db/schema';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { findInterviewByToken } from '../invitations/find-interview-by-token';
import type { IntegrityReportInput } from './integrity-schemas';

/** The page sends what it saw last when the interview ends: accepted for a while after completion. */
const AFTER_COMPLETION_MS = 60 * 60 * 1000;

/**
 * POST /api/invitations/:token/integrity: what the candidate's page observed (time away, pastes). Taken while the
 * interview is under way and for an hour after it completed (409 otherwise); a retried event (same page id) is
 * stored once. → `{ accepted }`, the count of events new to the server.
 */
export async function recordIntegrityEvents(db: DbExecutor, token: string, input: IntegrityReportInput): Promise<{ accepted: number }> {
  const interview = await findInterviewByToken(db, token);
  if (interview.status === 'CANCELLED' || interview.status === 'EXPIRED') throw new AppError('GONE', 'This interview is closed');
  const recent = interview.status === 'COMPLETED' && interview.completedAt !== null && Date.now() - interview.completedAt.getTime() < AFTER_COMPLETION_MS;
  if (interview.status !== 'IN_PROGRESS' && !recent) throw new AppError('INVALID_STATE', 'This interview is not under way');
  const rows = input.events.map((e) => ({
    id: newId('integrityEvent'),
    orgId: interview.orgId,
    interviewId: interview.id,
    clientEventId: e.id,
    kind: e.kind,
    turnNumber: e.kind === 'paste' ? e.turnNumber : null,
    durationMs: e.kind === 'page_away' ? e.durationMs : null,
    characters: e.kind === 'paste' ? e.characters : null,
    occurredAt: new Date(e.at),
  }));
  const inserted = await db.insert(integrityEvents).values(rows).onConflictDoNothing().returning({ id: integrityEvents.id });
  return { accepted: inserted.length };
}
