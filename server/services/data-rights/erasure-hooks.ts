import type { Database, DbExecutor } from '@/db/client';
import { eraseInterviewAudio } from '../audio/erase-interview-audio';
import { emitEvent } from '../webhooks/emit-event';
import { eraseCandidateWebhookEvents } from '../webhooks/erase-candidate-events';

/** What an erasure step needs to know. No personal data beyond the email, which finds copies of it. */
export type CandidateErasureScope = { orgId: string; candidateId: string; email: string; interviewIds: string[] };

/**
 * The webhook side of an erasure, in its transaction: stored events and deliveries that carry the candidate's data
 * (`candidate.created`/`updated` payloads, interview and report payloads) go, then `candidate.deleted` tells the
 * organization's endpoints with nothing but the id. Called exactly once per erased candidate (DELETE and retention).
 */
export async function emitCandidateDeleted(tx: DbExecutor, scope: CandidateErasureScope): Promise<void> {
  await eraseCandidateWebhookEvents(tx, { orgId: scope.orgId, candidateId: scope.candidateId });
  await emitEvent(tx, { orgId: scope.orgId, type: 'candidate.deleted', data: { id: scope.candidateId } });
}

/** The audio side of an erasure, run by the `erase-audio` job the erasure enqueues in its transaction. */
export async function eraseCandidateAudio(db: Database, input: { orgId: string; interviewIds: string[] }): Promise<void> {
  await eraseInterviewAudio(db, input);
}
