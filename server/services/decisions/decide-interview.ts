import { and, eq, isNull, sql } from 'drizzle-orm';
import { interviewDecisions, type DecidedByType, type DecisionStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { aiOutputAtDecision } from '../audit/ai-output-at-decision';
import { recordAuditEvent } from '../audit/record-audit-event';
import { emitEvent } from '../webhooks/emit-event';
import { watchByDefault } from '../notifications/watchers';
import { AppError } from '@/server/errors';
import { enqueueJob, QUEUES } from '@/server/jobs/queue';
import { newId } from '@/server/ids';
import { getInterview } from '../interviews/get-interview';
import type { InterviewDto } from '../interviews/interview-schemas';
import { lockInterview } from '../interviews/lock-interview';

export type DecisionActor = { type: DecidedByType; id: string };

export type DecideInterviewServiceInput = {
  orgId: string;
  id: string;
  status: DecisionStatus;
  reason?: string | null;
  actor: DecisionActor;
  /** The request that decided, for the audit log. */
  requestId?: string | null;
  /** Email the candidate an ADVANCE or REJECT (decision-email.ts), queued in the deciding transaction. */
  notifyCandidate?: boolean;
};

/** What happened, handed to `afterDecision` inside the deciding transaction. */
export type DecisionRecorded = {
  orgId: string;
  interviewId: string;
  decisionId: string;
  status: DecisionStatus;
  reason: string | null;
  actor: DecisionActor;
  previous: { id: string; status: DecisionStatus } | null;
  interview: InterviewDto;
  requestId: string | null;
};

/**
 * A person decides on a COMPLETED interview: ADVANCE, HOLD or REJECT with an optional reason. Deciding again
 * replaces the current decision; the replaced one stays in `interview_decisions` as history. Any other status is
 * 409 (there is nothing to decide on before the candidate finished). The interview row is locked, so two
 * concurrent decisions serialize and exactly one stays current. This is the only writer of decisions: no job,
 * rule or report ever calls it on its own.
 */
export async function decideInterview(db: DbExecutor, input: DecideInterviewServiceInput): Promise<InterviewDto> {
  return db.transaction(async (tx) => {
    const locked = await lockInterview(tx, { orgId: input.orgId, interviewId: input.id });
    if (locked.effectiveStatus !== 'COMPLETED') {
      throw new AppError('INVALID_STATE', `The interview is ${locked.effectiveStatus}: a decision is possible once it is COMPLETED`);
    }
    const [previous] = await tx
      .update(interviewDecisions)
      .set({ supersededAt: sql`now()` })
      .where(
        and(eq(interviewDecisions.orgId, input.orgId), eq(interviewDecisions.interviewId, locked.id), isNull(interviewDecisions.supersededAt)),
      )
      .returning({ id: interviewDecisions.id, status: interviewDecisions.status });
    const reason = input.reason?.trim() ? input.reason.trim() : null;
    const decisionId = newId('decision');
    await tx.insert(interviewDecisions).values({
      id: decisionId,
      orgId: input.orgId,
      interviewId: locked.id,
      status: input.status,
      reason,
      decidedByType: input.actor.type,
      decidedById: input.actor.id,
    });
    const interview = await getInterview(tx, { orgId: input.orgId, id: locked.id });
    await afterDecision(tx, {
      orgId: input.orgId,
      interviewId: locked.id,
      decisionId,
      status: input.status,
      reason,
      actor: input.actor,
      previous: previous ?? null,
      interview,
      requestId: input.requestId ?? null,
    });
    // The email is queued with the decision (it commits with it or not at all); the job re-reads the decision
    // and sends nothing if it was replaced meanwhile. A demo interview's sample candidate is never emailed.
    if (input.notifyCandidate && (input.status === 'ADVANCE' || input.status === 'REJECT') && !interview.isDemo) {
      await enqueueJob(tx, QUEUES.decisionEmail, { orgId: input.orgId, interviewId: locked.id, decisionId });
    }
    return interview;
  });
}

/**
 * A decision's side effects, inside the deciding transaction so they commit with it or not at all: the audit entry
 * (the history of who decided what; the reason stays out of it, as free text about a person) and the
 * `interview.decided` webhook, on every decision, replacements included.
 */
async function afterDecision(tx: DbExecutor, event: DecisionRecorded): Promise<void> {
  await recordAuditEvent(tx, {
    orgId: event.orgId,
    audit: { actor: event.actor, requestId: event.requestId },
    action: 'interview.decided',
    targetType: 'interview',
    targetId: event.interviewId,
    // What the AI had said, with its provenance, and whether the decider could see it (issue 23: AI Act Art. 12, 14).
    details: {
      decisionId: event.decisionId,
      status: event.status,
      previousStatus: event.previous?.status ?? null,
      ...(await aiOutputAtDecision(tx, { orgId: event.orgId, interviewId: event.interviewId, actor: event.actor })),
    },
  });
  await emitEvent(tx, { orgId: event.orgId, type: 'interview.decided', data: event.interview });
  // Whoever decides follows the interview from then on.
  await watchByDefault(tx, { orgId: event.orgId, userId: event.actor.type === 'user' ? event.actor.id : null, targetType: 'interview', targetId: event.interviewId });
}
