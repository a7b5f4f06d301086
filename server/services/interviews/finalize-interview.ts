import { and, eq } from 'drizzle-orm';
import { interviewConfigs, interviews, reports, stages, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { AppError, invalidField } from '@/server/errors';
import { agentAudioUrlToStore } from '../audio/agent-audio-url';
import { requestInterviewReport } from '../reports/request-interview-report';
import type { FinalizeInterviewInput, FinalizeInterviewOutput } from './agent-schemas';
import { emitEvent } from '../webhooks/emit-event';
import { getInterview } from './get-interview';
import { lockInterview, type LockedInterview } from './lock-interview';

/** Tolerated drift between the agent's clock and ours for a given endedAt. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Closes the conversation: IN_PROGRESS → COMPLETED with completedAt and endedAt, and, when generateReport
 * resolves to true, a PENDING report with its generation job in the same transaction.
 *
 * The agent retries finalize: on a COMPLETED interview it answers the first finalize's body again, derived from
 * the stored state, whatever this body says. Under the interview's row lock, concurrent finalizes complete the
 * interview once and request one report.
 */
export async function finalizeInterview(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; audit?: AuditContext } & FinalizeInterviewInput,
): Promise<FinalizeInterviewOutput> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const interview = await lockInterview(tx, input, now);
    if (interview.effectiveStatus === 'COMPLETED') return completedBody(tx, interview);
    if (interview.effectiveStatus !== 'IN_PROGRESS') {
      const why = interview.effectiveStatus === 'DRAFT' || interview.effectiveStatus === 'INVITED' ? ': no conversation has started' : '';
      throw new AppError('INVALID_STATE', `The interview is ${interview.effectiveStatus} and cannot be finalized${why}`);
    }

    const endedAt = input.endedAt ?? now;
    if (endedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw invalidField('endedAt', 'Must not be in the future');
    if (interview.startedAt && endedAt.getTime() < interview.startedAt.getTime() - CLOCK_SKEW_MS) {
      throw invalidField('endedAt', `Must not be before the interview started (${interview.startedAt.toISOString()})`);
    }
    const generateReport = input.generateReport ?? (await defaultGenerateReport(tx, interview));
    const audioUrl = input.audioUrl
      ? await agentAudioUrlToStore(tx, { interviewId: interview.id, orgId: interview.orgId, field: 'audioUrl', url: input.audioUrl })
      : interview.audioUrl;

    const [completed] = await tx
      .update(interviews)
      .set({ status: 'COMPLETED', completedAt: now, endedAt, audioUrl, updatedAt: now })
      .where(and(eq(interviews.id, interview.id), eq(interviews.orgId, interview.orgId)))
      .returning();
    // Nobody answers a closed interview: no question stays pending.
    await tx
      .update(turns)
      .set({ isPendingQuestion: false, updatedAt: now })
      .where(and(eq(turns.interviewId, interview.id), eq(turns.orgId, interview.orgId), eq(turns.isPendingQuestion, true)));
    const report = generateReport ? await requestInterviewReport(tx, { orgId: interview.orgId, interviewId: interview.id }) : null;
    await recordAuditEvent(tx, { orgId: interview.orgId, audit: input.audit, action: 'interview.finalized', targetType: 'interview', targetId: interview.id, details: { reportId: report?.reportId ?? null } });
    await emitEvent(tx, { orgId: interview.orgId, type: 'interview.completed', data: await getInterview(tx, { orgId: interview.orgId, id: interview.id }) });
    return {
      interviewId: completed.id,
      status: 'COMPLETED',
      endedAt: (completed.endedAt ?? endedAt).toISOString(),
      reportId: report?.reportId ?? null,
      reportStatus: report?.status ?? null,
    };
  });
}

/** The stage decides; an interview without a stage follows its configuration; with neither, a report is made. */
async function defaultGenerateReport(tx: DbExecutor, interview: LockedInterview): Promise<boolean> {
  if (interview.stageId) {
    const [stage] = await tx
      .select({ generateReport: stages.generateReport })
      .from(stages)
      .where(and(eq(stages.id, interview.stageId), eq(stages.orgId, interview.orgId)));
    if (stage) return stage.generateReport;
  }
  if (interview.configId) {
    const [config] = await tx
      .select({ generateReport: interviewConfigs.generateReport })
      .from(interviewConfigs)
      .where(and(eq(interviewConfigs.id, interview.configId), eq(interviewConfigs.orgId, interview.orgId)));
    if (config) return config.generateReport;
  }
  return true;
}

async function completedBody(tx: DbExecutor, interview: LockedInterview): Promise<FinalizeInterviewOutput> {
  const [report] = await tx
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(and(eq(reports.interviewId, interview.id), eq(reports.orgId, interview.orgId)));
  return {
    interviewId: interview.id,
    status: 'COMPLETED',
    endedAt: (interview.endedAt ?? interview.completedAt ?? interview.updatedAt).toISOString(),
    reportId: report?.id ?? null,
    reportStatus: report?.status ?? null,
  };
}
