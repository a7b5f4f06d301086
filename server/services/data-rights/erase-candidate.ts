import { and, eq, inArray, or, gt, sql } from 'drizzle-orm';
import { audioRecordings, candidates, humanReviews, idempotencyRequests, interviewDecisions, interviews, invitationLinks, loginAttempts, mailboxMessages, notes, reports, sentEmails, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { deleteNotesByIds } from '../notes/notes';
import { eraseSelfIdentification } from '../fairness/self-identification';
import { emitCandidateDeleted, type CandidateErasureScope } from './erasure-hooks';
import { completeErasureRequest } from './erasure-requests';

/** The provenance fields an erased evaluation keeps (AiProvenance's: ids, hashes and figures, never words). */
const PROVENANCE_KEYS = ['task', 'provider', 'model', 'promptVersion', 'rubricHash', 'inputHash', 'parameters', 'at', 'durationMs'] as const;

/** What an erased sent-email ledger row keeps instead of the address and subject. */
export const ERASED = '[erased]';

export type ErasureResult = { candidateId: string; interviews: number; cancelledInterviews: number };

/**
 * Erases one of the organization's candidates (GDPR Art. 17), in one transaction:
 * - the candidate row is deleted (so every read is a 404 and the email may be used again); interviews and test
 *   sessions keep `candidateId` as an anonymous key, so campaign counts and scores stay true;
 * - open interviews are cancelled; every interview loses its recording URL and its invitation link (the token's hash);
 * - turns lose their text and audio URL; evaluations keep only their numeric scores and their provenance (the
 *   free text goes); reports keep their provenance (the AI records' pseudonymous minimum, issue 23);
 * - reports lose their summary and failure reason (scores, recommendation and criteria numbers stay);
 * - decisions (the current one and the history) lose their reason; human reviews lose their notes (the scores stay,
 *   so the campaign ranking does not move);
 * - teammates' notes about the candidate (on the profile and on the interviews) are deleted, with the mention
 *   notifications pointing to them (other notifications hold ids only and now read "an erased candidate");
 * - the local mailbox's copies are deleted; the sent-email ledger keeps its rows (idempotency) without address or
 *   subject; idempotency records whose stored response names the candidate or an interview are deleted; queued
 *   and archived jobs whose payload names them are deleted; login attempts under that email are deleted;
 * - the voluntary self-identification (bias audit) is deleted;
 * - audio objects are deleted by the `erase-audio` job enqueued here; `candidate.deleted` is emitted here.
 * One audit entry, with ids and counts only.
 *
 * `lock: 'skip'` (the retention job) skips a candidate another transaction holds instead of waiting for it, and
 * returns null for it: two runs at once never erase the same candidate twice or block each other.
 */
export async function eraseCandidate(
  db: DbExecutor,
  input: { orgId: string; id: string; audit?: AuditContext; lock?: 'wait' | 'skip'; details?: Record<string, string | number>; byRetention?: boolean },
): Promise<ErasureResult | null> {
  if (!isIdOf('candidate', input.id)) throw notFound('Candidate');
  return db.transaction(async (tx) => {
    const locking = input.lock === 'skip' ? sql`for update skip locked` : sql`for update`;
    const found = await tx.execute(
      sql`select id, email from ${candidates} where ${candidates.id} = ${input.id} and ${candidates.orgId} = ${input.orgId} ${locking}`,
    );
    const candidate = rowsOf<{ id: string; email: string }>(found)[0];
    if (!candidate) {
      if (input.lock === 'skip') return null;
      throw notFound('Candidate');
    }
    const interviewRows = await tx
      .select({ id: interviews.id })
      .from(interviews)
      .where(and(eq(interviews.orgId, input.orgId), eq(interviews.candidateId, candidate.id)));
    const scope: CandidateErasureScope = { orgId: input.orgId, candidateId: candidate.id, email: candidate.email, interviewIds: interviewRows.map((r) => r.id) };
    const cancelled = await eraseInterviews(tx, scope);
    await eraseMessages(tx, scope);
    await eraseStoredRequests(tx, scope);
    await eraseJobPayloads(tx, scope);
    await eraseNotes(tx, scope);
    await tx.delete(loginAttempts).where(eq(loginAttempts.email, scope.email));
    await eraseSelfIdentification(tx, { orgId: input.orgId, candidateId: candidate.id });
    await tx.delete(candidates).where(and(eq(candidates.id, candidate.id), eq(candidates.orgId, input.orgId)));

    // A person's erasure answers the candidate's request (or is one, received and completed now); retention
    // completes a request still open but records none of its own.
    const request = await completeErasureRequest(tx, { orgId: input.orgId, candidateId: candidate.id, recordIfNone: !input.byRetention });
    if (scope.interviewIds.length > 0) await enqueueJob(tx, QUEUES.eraseAudio, { orgId: input.orgId, interviewIds: scope.interviewIds });
    await emitCandidateDeleted(tx, scope);
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: input.audit,
      action: 'candidate.erased',
      targetType: 'candidate',
      targetId: candidate.id,
      // The entry says what the erasure kept of the AI's records and what it removed.
      details: { interviews: scope.interviewIds.length, cancelledInterviews: cancelled, kept: ['scores', 'provenance', 'times'], removed: ['words', 'identity'], ...(request ? { erasureRequest: request.id, requestReceivedAt: request.receivedAt.toISOString() } : {}), ...(input.details ?? {}) },
    });
    return { candidateId: candidate.id, interviews: scope.interviewIds.length, cancelledInterviews: cancelled };
  });
}

async function eraseInterviews(tx: DbExecutor, scope: CandidateErasureScope): Promise<number> {
  if (scope.interviewIds.length === 0) return 0;
  const mine = and(eq(interviews.orgId, scope.orgId), inArray(interviews.id, scope.interviewIds));
  // The cancel rule of cancel-interview.ts: an INVITED interview past its expiry is already EXPIRED (final).
  const cancelled = await tx
    .update(interviews)
    .set({ status: 'CANCELLED', cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(mine, or(inArray(interviews.status, ['DRAFT', 'IN_PROGRESS']), and(eq(interviews.status, 'INVITED'), gt(interviews.expiresAt, sql`now()`)))))
    .returning({ id: interviews.id });
  // The links go too: an erased candidate's link answers as an unknown one on every invitation route and page.
  await tx.update(interviews).set({ audioUrl: null, inviteTokenHash: null, satisfactionComment: null }).where(mine);
  // The sealed copy of the link the campaign page can copy goes with the link itself.
  await tx.delete(invitationLinks).where(and(eq(invitationLinks.orgId, scope.orgId), inArray(invitationLinks.interviewId, scope.interviewIds)));
  // The recordings' objects and rows go in the erase-audio job; their transcripts (the candidate's words) go now.
  await tx.update(audioRecordings).set({ transcript: null }).where(and(eq(audioRecordings.orgId, scope.orgId), inArray(audioRecordings.interviewId, scope.interviewIds)));
  const keptProvenance = sql`case when jsonb_typeof(${turns.evaluation} -> 'provenance') = 'object' then (select jsonb_object_agg(p.key, p.value) from jsonb_each(${turns.evaluation} -> 'provenance') as p where p.key in (${sql.raw(PROVENANCE_KEYS.map((k) => `'${k}'`).join(', '))}) and jsonb_typeof(p.value) in ('string', 'number', 'object')) end`;
  await tx
    .update(turns)
    .set({
      content: '',
      audioUrl: null,
      // The pseudonymous minimum of the AI's record stays (issue 23; AI Act Art. 12, 19): numeric scores per
      // criterion (the report's scorecard is computed from them) and the provenance's known fields (provider,
      // model, hashes, parameters, time, duration: no words). Comments, flags and any other key the agent sent may
      // hold the candidate's words, so they go.
      // A follow-up question's turn keeps its provenance alone (the model that wrote it; its words go with the content).
      evaluation: sql`case when jsonb_typeof(${turns.evaluation} -> 'scores') = 'object' then jsonb_strip_nulls(jsonb_build_object(
        'scores', coalesce((select jsonb_object_agg(e.key, e.value) from jsonb_each(${turns.evaluation} -> 'scores') as e where jsonb_typeof(e.value) = 'number'), '{}'::jsonb),
        'provenance', ${keptProvenance}
      )) when jsonb_typeof(${turns.evaluation} -> 'provenance') = 'object' then jsonb_strip_nulls(jsonb_build_object('provenance', ${keptProvenance})) else null end`,
      isPendingQuestion: false,
    })
    .where(and(eq(turns.orgId, scope.orgId), inArray(turns.interviewId, scope.interviewIds)));
  await tx
    .update(reports)
    .set({ summary: null, failureReason: null })
    .where(and(eq(reports.orgId, scope.orgId), inArray(reports.interviewId, scope.interviewIds)));
  // A person's words about the candidate: every decision's reason (history included) and each review's notes.
  await tx
    .update(interviewDecisions)
    .set({ reason: null })
    .where(and(eq(interviewDecisions.orgId, scope.orgId), inArray(interviewDecisions.interviewId, scope.interviewIds)));
  await tx
    .update(humanReviews)
    .set({
      criteria: sql`(select coalesce(jsonb_agg(jsonb_build_object('key', c.value -> 'key', 'score', c.value -> 'score', 'note', null) order by c.ordinality), '[]'::jsonb) from jsonb_array_elements(${humanReviews.criteria}) with ordinality as c)`,
    })
    .where(
      and(
        eq(humanReviews.orgId, scope.orgId),
        inArray(
          humanReviews.reportId,
          tx.select({ id: reports.id }).from(reports).where(and(eq(reports.orgId, scope.orgId), inArray(reports.interviewId, scope.interviewIds))),
        ),
      ),
    );
  return cancelled.length;
}

async function eraseNotes(tx: DbExecutor, scope: CandidateErasureScope): Promise<void> {
  const rows = await tx
    .select({ id: notes.id })
    .from(notes)
    .where(
      and(
        eq(notes.orgId, scope.orgId),
        or(eq(notes.candidateId, scope.candidateId), scope.interviewIds.length > 0 ? inArray(notes.interviewId, scope.interviewIds) : sql`false`),
      ),
    );
  await deleteNotesByIds(tx, scope.orgId, rows.map((r) => r.id));
}

async function eraseMessages(tx: DbExecutor, scope: CandidateErasureScope): Promise<void> {
  const ledger =
    scope.interviewIds.length > 0
      ? await tx
          .select({ key: sentEmails.idempotencyKey })
          .from(sentEmails)
          .where(and(eq(sentEmails.orgId, scope.orgId), inArray(sentEmails.interviewId, scope.interviewIds)))
      : [];
  const keys = ledger.map((r) => r.key);
  await tx
    .delete(mailboxMessages)
    .where(
      and(
        eq(mailboxMessages.orgId, scope.orgId),
        or(sql`lower(${mailboxMessages.toAddress}) = ${scope.email}`, keys.length > 0 ? inArray(mailboxMessages.idempotencyKey, keys) : sql`false`),
      ),
    );
  if (keys.length > 0) {
    await tx
      .update(sentEmails)
      .set({ toAddress: ERASED, subject: ERASED })
      .where(and(eq(sentEmails.orgId, scope.orgId), inArray(sentEmails.idempotencyKey, keys)));
  }
}

/** The stored responses of Idempotency-Key requests: a candidate create's response holds the whole profile. */
async function eraseStoredRequests(tx: DbExecutor, scope: CandidateErasureScope): Promise<void> {
  const needles = [scope.candidateId, scope.email, ...scope.interviewIds];
  await tx
    .delete(idempotencyRequests)
    .where(and(eq(idempotencyRequests.orgId, scope.orgId), or(...needles.map((n) => sql`strpos(coalesce(${idempotencyRequests.responseBody}, ''), ${n}) > 0`))));
}

/**
 * pg-boss's tables (queued, finished and archived jobs) on either driver: a payload or output naming the
 * candidate, their email or one of their interviews is deleted. A job already running finishes against rows
 * that no longer hold anything personal (its completion then finds no row, which pg-boss tolerates).
 */
async function eraseJobPayloads(tx: DbExecutor, scope: CandidateErasureScope): Promise<void> {
  const needles = [scope.candidateId, scope.email, ...scope.interviewIds];
  for (const table of ['job', 'archive']) {
    const exists = rowsOf<{ present: boolean }>(await tx.execute(sql`select to_regclass(${`pgboss.${table}`}) is not null as present`))[0];
    if (!exists?.present) continue;
    const matches = sql.join(
      needles.map((n) => sql`strpos(coalesce(data::text, '') || coalesce(output::text, ''), ${n}) > 0`),
      sql` or `,
    );
    await tx.execute(sql`delete from ${sql.identifier('pgboss')}.${sql.identifier(table)} where ${matches}`);
  }
}
