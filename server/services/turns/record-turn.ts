import type { DbExecutor } from '@/db/client';
import { queryRows } from '@/db/driver-client';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import { agentAudioUrlToStore } from '../audio/agent-audio-url';
import { getInterview } from '../interviews/get-interview';
import { emitEvent } from '../webhooks/emit-event';
import { toTurnDto } from './turn-dto';
import type { RecordTurnInput, TurnDto } from './turn-schemas';

/** `started`: this turn moved the interview to IN_PROGRESS (for an event emitted in the caller's transaction). */
export type RecordTurnResult = { created: boolean; started: boolean; turn: TurnDto };

type RecordTurnRow = {
  o_outcome: 'created' | 'existing' | 'not_found' | 'closed' | 'draft_expired' | 'conflict' | 'needs_start';
  o_org_id: string | null;
  o_detail: string | null;
  o_turn_number: number;
  o_role: 'agent' | 'candidate';
  o_content: string;
  o_audio_url: string | null;
  o_is_pending_question: boolean;
  o_evaluation: Record<string, unknown> | string | null;
  o_created_at: Date | string | null;
  o_updated_at: Date | string | null;
  o_started: boolean;
  o_started_at: Date | string | null;
  o_ended_at: Date | string | null;
  o_offset_ms: number | null;
  o_duration_ms: number | null;
};

/**
 * Records one turn of the conversation. (interview, turnNumber) is the identity the agent retries on: the same
 * number with the same fields returns the stored turn (created: false), with other fields it is a 409.
 *
 * One statement: the SQL function record_turn (db/migrations/0006_record-turn-function.sql; its version with the
 * turn's timing in 0013_record-turn-timings.sql) takes the interview's row lock and does the rest under it, so turns posted concurrently are stored once each, the first turn moves
 * the interview to IN_PROGRESS exactly once, and "at most one pending question" holds: the pending question is
 * the latest agent question that no later candidate turn or later question has superseded.
 */
export async function recordTurn(db: DbExecutor, input: { orgId: string; interviewId: string } & RecordTurnInput): Promise<RecordTurnResult> {
  const { created, started, turn } = await recordTurnAnnouncingStart(db, { interviewId: input.interviewId, orgId: input.orgId }, input);
  return { created, started, turn };
}

/**
 * UNSAFE: the same, for an interview of any organization, learnt in the statement that locks it. Only the internal
 * agent routes call it: the agent's secret (or a media token already checked against this interview) is a
 * cross-organization grant and carries no organization of its own.
 */
export async function unsafeRecordTurnOfAnyOrg(db: DbExecutor, interviewId: string, input: RecordTurnInput): Promise<RecordTurnResult & { orgId: string }> {
  return recordTurnAnnouncingStart(db, { interviewId, orgId: null }, input);
}

/**
 * The interview a turn belongs to, and the organization it must be in (null: any, learnt by the statement). Kept
 * apart from the turn's fields rather than spread into one object with them: on Node 20 a spread followed by new
 * properties leaves V8's fast path and cost a few microseconds a turn.
 */
type TurnOf = { interviewId: string; orgId: string | null };

/**
 * Every turn but the first is one statement. The first moves the interview to IN_PROGRESS, and that change and its
 * `interview.started` event commit together: the statement declines (needs_start) and runs again inside a
 * transaction that also writes the event.
 */
async function recordTurnAnnouncingStart(db: DbExecutor, of: TurnOf, given: RecordTurnInput): Promise<RecordTurnResult & { orgId: string }> {
  let input = given;
  if (input.audioUrl) {
    // Another interview's recording is refused before anything is stored; an external URL costs no query.
    if (!isIdOf('interview', of.interviewId)) throw notFound('Interview');
    const audioUrl = await agentAudioUrlToStore(db, { interviewId: of.interviewId, orgId: of.orgId, field: 'audioUrl', url: input.audioUrl });
    if (audioUrl !== input.audioUrl) input = { ...input, audioUrl };
  }
  const fast = await recordTurnStatement(db, of, input, false);
  if (fast !== 'needs_start') return fast;
  return db.transaction(async (tx) => {
    const result = await recordTurnStatement(tx, of, input, true);
    if (result === 'needs_start') throw new Error('record_turn declined to start the interview inside its transaction');
    if (result.started) {
      await emitEvent(tx, { orgId: result.orgId, type: 'interview.started', data: await getInterview(tx, { orgId: result.orgId, id: of.interviewId }) });
    }
    return result;
  });
}

// db/migrations/0013_record-turn-timings.sql: the thirteen-argument version, with the turn's timing.
const RECORD_TURN_STATEMENT =
  'select * from record_turn($1::text, $2::text, $3::integer, $4::text, $5::text, $6::text, $7::boolean, $8::jsonb, $9::boolean, $10::timestamptz, $11::timestamptz, $12::integer, $13::integer)';

async function recordTurnStatement(db: DbExecutor, of: TurnOf, input: RecordTurnInput, mayStart: boolean): Promise<(RecordTurnResult & { orgId: string }) | 'needs_start'> {
  if (!isIdOf('interview', of.interviewId)) throw notFound('Interview');
  const evaluation = input.evaluation == null ? null : JSON.stringify(input.evaluation);
  const [row] = await queryRows<RecordTurnRow>(db, RECORD_TURN_STATEMENT, [
    of.interviewId,
    of.orgId,
    input.turnNumber,
    input.role,
    input.content ?? '',
    input.audioUrl ?? null,
    input.isPendingQuestion ?? false,
    evaluation,
    mayStart,
    input.startedAt ? input.startedAt.toISOString() : null,
    input.endedAt ? input.endedAt.toISOString() : null,
    input.offsetMs ?? null,
    input.durationMs ?? null,
  ]);
  switch (row.o_outcome) {
    case 'needs_start':
      return 'needs_start';
    case 'not_found':
      throw notFound('Interview');
    case 'closed':
      throw new AppError('INVALID_STATE', `The interview is ${row.o_detail}: its conversation can no longer change`);
    case 'draft_expired':
      // A DRAFT's link has an expiry too: nobody may start an interview after it (INVITED reads as EXPIRED).
      throw new AppError('INVALID_STATE', `The interview expired at ${iso(row.o_created_at!)} before it started`);
    case 'conflict':
      // The message names the differing fields: the contract keeps `issues` for validation errors only.
      throw new AppError('CONFLICT', `Turn ${row.o_turn_number} was already recorded with other ${row.o_detail}`);
  }
  const turn = toTurnDto({
    interviewId: of.interviewId,
    orgId: row.o_org_id!,
    turnNumber: row.o_turn_number,
    role: row.o_role,
    content: row.o_content,
    audioUrl: row.o_audio_url,
    isPendingQuestion: row.o_is_pending_question,
    evaluation: typeof row.o_evaluation === 'string' ? JSON.parse(row.o_evaluation) : row.o_evaluation,
    startedAt: row.o_started_at,
    endedAt: row.o_ended_at,
    offsetMs: row.o_offset_ms,
    durationMs: row.o_duration_ms,
    createdAt: row.o_created_at!,
    updatedAt: row.o_updated_at!,
  });
  return { created: row.o_outcome === 'created', started: row.o_started, turn, orgId: row.o_org_id! };
}
