import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { interviewConfigs, interviews, jobs, reports, turns } from '@/db/schema';
import { log } from '@/server/log';
import { reportGeneratedDetails, rubricVersionOf, scoringEvaluatorsOf, turnOutputsOf, type AiProvenance, type ReportProvenance } from '../ai/provenance';
import { recordAuditEvent } from '../audit/record-audit-event';
import { resolveProviderConfig, type ProviderConfig } from '../providers/resolve-provider';
import { emitEvent } from '../webhooks/emit-event';
import { computeScorecard } from './compute-scorecard';
import { getReport } from './get-report';
import type { InterviewReportDto } from './report-schemas';
import { LlmSummaryError, summarizeWithLlm } from './summarize-with-llm';
import { summarizeWithRules } from './summarize-with-rules';

/** A failure that no retry can mend; its message is shown to recruiters as the report's failureReason. */
export class ReportGenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportGenerationError';
  }
}

export type GenerateReportOutcome =
  | { outcome: 'ready'; generator: string }
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'failed'; failureReason: string };

/**
 * The body of the generate-report job: scores a completed interview and marks its report READY.
 *
 * The job carries only the report id; the organization is read from the report row and is in every query after
 * that. Safe to run twice: only a PENDING report is worked on, and the final write is conditional on it still
 * being PENDING, so a second delivery leaves a READY (or FAILED) report as it is.
 *
 * Failures: a ReportGenerationError (the interview is missing or not completed) marks the report FAILED at once.
 * Anything else (a database hiccup) is thrown so the queue retries it, except on the `finalAttempt`, when the
 * report becomes FAILED too. The interview itself is never touched: it stays COMPLETED.
 * A language model that fails (timeout, HTTP error, unusable output) does not fail the report: the rules
 * summary is used instead, the generator says `rules`, and the summary says the model was unavailable.
 */
export async function generateInterviewReport(db: DbExecutor, input: { reportId: string; finalAttempt?: boolean }): Promise<GenerateReportOutcome> {
  const [report] = await db.select().from(reports).where(eq(reports.id, input.reportId));
  if (!report) return { outcome: 'skipped', reason: 'no such report' };
  if (report.type !== 'interview') return { outcome: 'skipped', reason: 'not an interview report' };
  if (report.status !== 'PENDING') return { outcome: 'skipped', reason: `report is ${report.status}` };

  try {
    const { auditDetails, ...generated } = await scoreAndSummarize(db, { orgId: report.orgId, interviewId: report.interviewId });
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(reports)
        .set({ ...generated, status: 'READY', failureReason: null, completedAt: new Date() })
        .where(and(eq(reports.id, report.id), eq(reports.orgId, report.orgId), eq(reports.status, 'PENDING')))
        .returning({ id: reports.id });
      if (row) {
        // The AI's record of this assessment in the audit log (issue 23; AI Act Art. 12): which rubric and models.
        await recordAuditEvent(tx, { orgId: report.orgId, action: 'report.generated', targetType: 'report', targetId: report.id, details: auditDetails });
        await emitReportEvent(tx, 'report.ready', { orgId: report.orgId, reportId: report.id });
      }
      return row;
    });
    return updated ? { outcome: 'ready', generator: generated.generator } : { outcome: 'skipped', reason: 'report changed meanwhile' };
  } catch (error) {
    if (!(error instanceof ReportGenerationError) && !input.finalAttempt) throw error;
    const failureReason =
      error instanceof ReportGenerationError ? error.message : 'The report could not be generated after several attempts; retry it later.';
    log.error({ err: error, reportId: report.id }, 'report generation failed');
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(reports)
        .set({ status: 'FAILED', failureReason })
        .where(and(eq(reports.id, report.id), eq(reports.orgId, report.orgId), eq(reports.status, 'PENDING')))
        .returning({ id: reports.id });
      if (row) await emitReportEvent(tx, 'report.failed', { orgId: report.orgId, reportId: report.id });
    });
    return { outcome: 'failed', failureReason };
  }
}

async function scoreAndSummarize(db: DbExecutor, input: { orgId: string; interviewId: string | null }) {
  if (!input.interviewId) throw new ReportGenerationError('The report is not attached to an interview.');
  const [interview] = await db
    .select({ id: interviews.id, status: interviews.status, configId: interviews.configId, jobTitle: jobs.title })
    .from(interviews)
    .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!interview) throw new ReportGenerationError('The interview of this report no longer exists.');
  if (interview.status !== 'COMPLETED') throw new ReportGenerationError(`The interview is ${interview.status}, not COMPLETED: only a finished interview can be scored.`);

  const [turnRows, [config]] = await Promise.all([
    db
      .select({ turnNumber: turns.turnNumber, role: turns.role, content: turns.content, evaluation: turns.evaluation })
      .from(turns)
      .where(and(eq(turns.interviewId, interview.id), eq(turns.orgId, input.orgId)))
      .orderBy(asc(turns.turnNumber)),
    interview.configId
      ? db
          .select({ criteria: interviewConfigs.criteria, provenance: interviewConfigs.provenance })
          .from(interviewConfigs)
          .where(and(eq(interviewConfigs.id, interview.configId), eq(interviewConfigs.orgId, input.orgId)))
      : Promise.resolve([]),
  ]);

  const scorecard = computeScorecard({ turns: turnRows, criteria: config?.criteria ?? null });
  const llm = await resolveProviderConfig(db, input.orgId, 'llm');
  const { summary, generator, provenance: summaryProvenance } = await summarize(llm, { scorecard, jobTitle: interview.jobTitle, transcript: turnRows, interviewId: interview.id });
  const provenance: ReportProvenance = {
    summary: summaryProvenance,
    scoring: { rubricVersion: rubricVersionOf(config?.criteria ?? null), evaluators: scoringEvaluatorsOf(turnRows.filter((t) => t.role === 'candidate').map((t) => t.evaluation)) },
    questionSet: config?.provenance ?? null,
  };
  return {
    overallScore: scorecard.overallScore,
    recommendation: scorecard.recommendation,
    criteria: scorecard.criteria,
    flags: scorecard.flags,
    coverage: scorecard.coverage,
    summary,
    generator,
    provenance,
    auditDetails: reportGeneratedDetails({ interviewId: interview.id, generator, provenance, outputs: turnOutputsOf(turnRows) }),
  };
}

/** With the organization's language model (its own, else the operator's, read at each report), else the rules. */
async function summarize(llm: ProviderConfig | null, input: Parameters<typeof summarizeWithLlm>[1] & { interviewId: string }): Promise<{ summary: string; generator: string; provenance: AiProvenance | null }> {
  if (!llm) return { summary: summarizeWithRules(input.scorecard), generator: 'rules', provenance: null };
  try {
    const { summary, provenance } = await summarizeWithLlm(llm, input);
    return { summary, generator: `llm:${llm.model}`, provenance };
  } catch (error) {
    if (!(error instanceof LlmSummaryError)) throw error;
    log.warn({ err: error, reason: error.reason, interviewId: input.interviewId }, 'language model summary failed; using the rules summary');
    return { summary: summarizeWithRules(input.scorecard, { llmUnavailable: true }), generator: 'rules', provenance: null };
  }
}

/** report.ready / report.failed with the report as GET /reports/{reportId} returns it, in the change's transaction. */
export async function emitReportEvent(tx: DbExecutor, type: 'report.ready' | 'report.failed', input: { orgId: string; reportId: string }) {
  const data = (await getReport(tx, input)) as InterviewReportDto;
  // A demo interview's report is no event (see emitEvent).
  const [interview] = await tx.select({ isDemo: interviews.isDemo }).from(interviews).where(and(eq(interviews.id, data.interviewId), eq(interviews.orgId, input.orgId)));
  if (interview?.isDemo) return;
  await emitEvent(tx, { orgId: input.orgId, type, data });
}
