import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { interviews, turns, type InterviewStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { effectiveStatusSql } from '../interviews/effective-status';
import { isAiWithheld } from '../reviews/review-before-ai';
import { FINAL_STATUSES, type DashboardTurn, type TranscriptEvent } from './dashboard-schemas';
import { dashboardTurnColumns, toDashboardTurn } from './get-interview-view';

export type WatchTranscriptInput = {
  orgId: string;
  interviewId: string;
  signal?: AbortSignal;
  /** How often the database is asked; one tiny indexed query per tick. */
  intervalMs?: number;
  /** Checked on every tick, beside the reads: a revoked or expired session ends the stream before it sends more. */
  isStillAllowed?: () => Promise<boolean>;
  /** The signed-in user watching: the turns' evaluations are left out while review-before-AI withholds them. */
  viewerUserId?: string | null;
};

async function readStatus(db: DbExecutor, orgId: string, interviewId: string): Promise<InterviewStatus | null> {
  const [row] = await db
    .select({ status: effectiveStatusSql })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.orgId, orgId)));
  return row?.status ?? null;
}

/** Each turn's version stamp (its updatedAt in microseconds): cheap to read, exact to compare. */
async function readStamps(db: DbExecutor, orgId: string, interviewId: string): Promise<Map<number, string>> {
  const rows = await db
    .select({ turnNumber: turns.turnNumber, stamp: sql<string>`(extract(epoch from ${turns.updatedAt}) * 1000000)::bigint::text` })
    .from(turns)
    .where(and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId)));
  return new Map(rows.map((r) => [r.turnNumber, String(r.stamp)]));
}

async function readTurns(db: DbExecutor, orgId: string, interviewId: string, turnNumbers?: number[]) {
  const rows = await db
    .select(dashboardTurnColumns)
    .from(turns)
    .where(and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId), turnNumbers ? inArray(turns.turnNumber, turnNumbers) : undefined))
    .orderBy(asc(turns.turnNumber));
  return rows.map(toDashboardTurn);
}

/**
 * The live transcript of one interview: a snapshot first, then the turns that were added or changed and the
 * status when it changes, polling the database about once a second. Turns are compared by their own update
 * stamps rather than a max(updatedAt) cursor, so a transaction that commits late with an earlier timestamp is
 * not missed. Ends when the interview reaches a final status, the signal aborts, or the session is no longer
 * valid. Another organization's id is NOT_FOUND before anything is sent.
 */
export async function* watchTranscript(db: DbExecutor, input: WatchTranscriptInput): AsyncGenerator<TranscriptEvent> {
  const { orgId, interviewId, signal } = input;
  const intervalMs = input.intervalMs ?? 1000;
  if (!isIdOf('interview', interviewId)) throw notFound('Interview');
  let status = await readStatus(db, orgId, interviewId);
  if (!status) throw notFound('Interview');

  // Decided once: a review can only be saved once the interview is completed, when the stream ends anyway.
  const withheld = input.viewerUserId ? await isAiWithheld(db, { orgId, userId: input.viewerUserId, interviewId }) : false;
  const present = (list: DashboardTurn[]) => (withheld ? list.map((t) => ({ ...t, evaluation: null })) : list);

  let stamps = await readStamps(db, orgId, interviewId);
  yield { type: 'snapshot', status, turns: present(await readTurns(db, orgId, interviewId)) };

  while (!FINAL_STATUSES.includes(status) && !signal?.aborted) {
    try {
      await sleep(intervalMs, undefined, { signal });
    } catch {
      return; // aborted: the client went away
    }
    const [allowed, nextStatus, nextStamps] = await Promise.all([
      input.isStillAllowed ? input.isStillAllowed() : true,
      readStatus(db, orgId, interviewId),
      readStamps(db, orgId, interviewId),
    ]);
    if (!allowed) return;
    const changed = [...nextStamps].filter(([turnNumber, stamp]) => stamps.get(turnNumber) !== stamp).map(([turnNumber]) => turnNumber);
    if (changed.length > 0) {
      yield { type: 'turns', turns: present(await readTurns(db, orgId, interviewId, changed)) };
      stamps = nextStamps;
    }
    if (nextStatus && nextStatus !== status) {
      status = nextStatus;
      yield { type: 'status', status };
    }
    if (!nextStatus) return;
  }
}
