import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { reports, type Recommendation } from '@/db/schema';
import { modelLabel as by, type ReportProvenance } from '../ai/provenance';
import { isAiWithheld } from '../reviews/review-before-ai';

/**
 * What the AI had said about an interview when a person decided on it, for the decision's audit entry (issue 23;
 * EU AI Act Art. 12 and 14), as flat audit details: which report (`aiReportId`, its status, overall score and
 * advice), where it came from (`aiRubricVersion`; `aiEvaluators`, the models and prompts that scored its answers,
 * and `aiSummaryBy`, the summary's, each as `provider/model@promptVersion`), and whether the decider could see it
 * (`aiWithheldFromDecider`: the organization's "review before you see the AI" mode hid it from a dashboard user who
 * had not saved their own review; REST v1 callers always see it). Ids, figures and hashes: no words, so it outlives
 * an erasure unchanged. All null (and withheld false) when the interview has no report.
 */
export type AiOutputAtDecision = {
  aiReportId: string | null;
  aiReportStatus: string | null;
  aiOverallScore: number | null;
  aiRecommendation: Recommendation | null;
  aiRubricVersion: string | null;
  aiEvaluators: string[];
  aiSummaryBy: string | null;
  aiWithheldFromDecider: boolean;
};

export async function aiOutputAtDecision(
  db: DbExecutor,
  input: { orgId: string; interviewId: string; actor: { type: 'user' | 'api_key'; id: string } },
): Promise<AiOutputAtDecision> {
  const [report] = await db
    .select({ id: reports.id, status: reports.status, overallScore: reports.overallScore, recommendation: reports.recommendation, provenance: reports.provenance })
    .from(reports)
    .where(and(eq(reports.orgId, input.orgId), eq(reports.interviewId, input.interviewId)));
  if (!report) {
    return { aiReportId: null, aiReportStatus: null, aiOverallScore: null, aiRecommendation: null, aiRubricVersion: null, aiEvaluators: [], aiSummaryBy: null, aiWithheldFromDecider: false };
  }
  const provenance = report.provenance as ReportProvenance | null;
  const withheld = input.actor.type === 'user' ? await isAiWithheld(db, { orgId: input.orgId, userId: input.actor.id, interviewId: input.interviewId }) : false;
  return {
    aiReportId: report.id,
    aiReportStatus: report.status,
    aiOverallScore: report.overallScore,
    aiRecommendation: report.recommendation,
    aiRubricVersion: provenance?.scoring.rubricVersion ?? null,
    aiEvaluators: (provenance?.scoring.evaluators ?? []).map(by),
    aiSummaryBy: provenance?.summary ? by(provenance.summary) : null,
    aiWithheldFromDecider: withheld,
  };
}
