import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@/db/client';
import { apiKeys, candidates, interviews, jobs, organizations, reports, turns, users } from '@/db/schema';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import type { Recommendation } from '@/db/schema';
import { quotesFromAnswer } from '../interviewer/evaluate-answer';
import { getInterviewDetail } from '../interviews/get-interview';
import { findHumanReview, toHumanReviewDto } from '../reviews/human-review-dto';
import { explanationLocaleOf, type ExplanationLanguage } from './explanation-copy';

type DecisionStatus = 'ADVANCE' | 'HOLD' | 'REJECT';

/**
 * The explanation of one interview's assessment (EU AI Act Art. 86, GDPR Art. 15(1)(h)): what a recruiter sends
 * when a candidate asks, and what the candidate's access export includes. It holds the facts; the words come from
 * the copy of its language when it is rendered (HTML or PDF).
 */
export type ExplanationDocument = {
  language: ExplanationLanguage;
  /** The BCP 47 tag dates are written with: the candidate's own (fr-CA) when the document is in their language. */
  intlLocale: string;
  interviewId: string;
  reportId: string;
  organization: string;
  jobTitle: string;
  /** Null once the candidate was erased. */
  candidate: { firstName: string | null; lastName: string | null } | null;
  completedAt: string | null;
  criteria: {
    key: string;
    label: string;
    weight: number;
    aiScore: number | null;
    reviewerScore: number | null;
    reviewerNote: string | null;
    /** The answers the AI's score rests on: the per-answer score and the words of the answer it quoted (empty once erased). */
    evidence: { turnNumber: number; score: number | null; quotes: string[] }[];
  }[];
  ai: { overallScore: number | null; recommendation: Recommendation | null };
  review: { overallScore: number; reviewedAt: string } | null;
  decision: {
    status: DecisionStatus;
    reason: string | null;
    decidedAt: string;
    /** name: null for a user without one (rendered as "a recruiter" in the document's language). */
    decidedBy: { type: 'user' | 'api_key'; name: string | null };
    /** What the AI's recommendation advised (null: it gave none), and whether the decision differs from it. */
    aiAdvice: 'ADVANCE' | 'REJECT' | null;
    differsFromAi: boolean | null;
  } | null;
  models: { evaluators: { provider: string; model: string; promptVersion: string; answers: number }[]; rubricVersion: string } | null;
  generatedAt: string;
};

/** What the AI's recommendation advises, as a decision would say it. */
export function adviceOf(recommendation: Recommendation | null): 'ADVANCE' | 'REJECT' | null {
  if (recommendation === 'STRONG_YES' || recommendation === 'YES') return 'ADVANCE';
  if (recommendation === 'NO' || recommendation === 'DEFINITELY_NO') return 'REJECT';
  return null;
}

const MAX_QUOTE = 300;

/**
 * The explanation of an interview of the organization, in `language` or else the candidate's own. NOT_FOUND for
 * another organization's interview or one without a report; CONFLICT while the report is not READY.
 */
export async function buildExplanation(db: DbExecutor, input: { orgId: string; interviewId: string; language?: string | null }): Promise<ExplanationDocument> {
  const { orgId, interviewId } = input;
  if (!isIdOf('interview', interviewId)) throw notFound('Interview');
  const detail = await getInterviewDetail(db, { orgId, id: interviewId });
  const [[report], [context], turnRows] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(and(eq(reports.interviewId, interviewId), eq(reports.orgId, orgId))),
    db
      .select({ organization: organizations.name, jobTitle: jobs.title, locale: candidates.locale, firstName: candidates.firstName, lastName: candidates.lastName })
      .from(interviews)
      .innerJoin(organizations, eq(organizations.id, interviews.orgId))
      .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, interviews.orgId)))
      .leftJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, interviews.orgId)))
      .where(and(eq(interviews.id, interviewId), eq(interviews.orgId, orgId))),
    db
      .select({ turnNumber: turns.turnNumber, role: turns.role, content: turns.content, evaluation: turns.evaluation })
      .from(turns)
      .where(and(eq(turns.interviewId, interviewId), eq(turns.orgId, orgId)))
      .orderBy(asc(turns.turnNumber)),
  ]);
  if (!report || !context) throw notFound('Report');
  if (report.status !== 'READY') throw new AppError('CONFLICT', `The report is ${report.status}: an explanation needs a READY report.`);
  const review = toHumanReviewDto(await findHumanReview(db, { orgId, reportId: report.id }));
  const byTurn = new Map(turnRows.map((t) => [t.turnNumber, t]));

  const criteria = (report.criteria ?? []).map((c) => {
    const reviewed = review?.criteria.find((r) => r.key === c.key) ?? null;
    return {
      key: c.key,
      label: c.label,
      weight: c.weight,
      aiScore: c.score,
      reviewerScore: reviewed?.score ?? null,
      reviewerNote: reviewed?.note ?? null,
      evidence: c.evidenceTurns.map((turnNumber) => {
        const turn = byTurn.get(turnNumber);
        const evaluation = (turn?.evaluation ?? null) as { scores?: Record<string, unknown>; comment?: unknown } | null;
        const score = typeof evaluation?.scores?.[c.key] === 'number' ? (evaluation.scores[c.key] as number) : null;
        const answer = turn?.content ?? '';
        const quoted = typeof evaluation?.comment === 'string' ? quotesFromAnswer(evaluation.comment, answer) : [];
        // The model's own quotes when it gave some; otherwise the answer's beginning, so the reader sees what was scored.
        const quotes = quoted.length > 0 ? quoted : answer.trim() ? [answer.trim().length > MAX_QUOTE ? `${answer.trim().slice(0, MAX_QUOTE)}…` : answer.trim()] : [];
        return { turnNumber, score, quotes };
      }),
    };
  });

  const aiAdvice = adviceOf(report.recommendation);
  const decision = detail.decision
    ? {
        status: detail.decision.status,
        reason: detail.decision.reason,
        decidedAt: detail.decision.decidedAt,
        decidedBy: { type: detail.decision.decidedBy.type, name: await deciderName(db, orgId, detail.decision.decidedBy) },
        aiAdvice,
        differsFromAi: aiAdvice === null ? null : detail.decision.status !== aiAdvice,
      }
    : null;

  const locale = explanationLocaleOf(input.language, context.locale);
  return {
    language: locale.language,
    intlLocale: locale.intlLocale,
    interviewId,
    reportId: report.id,
    organization: context.organization,
    jobTitle: context.jobTitle,
    candidate: context.locale === null ? null : { firstName: context.firstName, lastName: context.lastName },
    completedAt: detail.completedAt,
    criteria,
    ai: { overallScore: report.overallScore, recommendation: report.recommendation },
    review: review ? { overallScore: review.overallScore, reviewedAt: review.reviewedAt } : null,
    decision,
    models: report.provenance ? { evaluators: report.provenance.scoring.evaluators, rubricVersion: report.provenance.scoring.rubricVersion } : null,
    generatedAt: new Date().toISOString(),
  };
}

/** The name of who decided: the user's name (null without one), or the API key's name. The organization is in the WHERE. */
async function deciderName(db: DbExecutor, orgId: string, by: { type: 'user' | 'api_key'; id: string }): Promise<string | null> {
  if (by.type === 'user') {
    const [user] = await db.select({ name: users.name }).from(users).where(and(eq(users.id, by.id), eq(users.orgId, orgId)));
    return user?.name?.trim() || null;
  }
  const [key] = await db.select({ name: apiKeys.name }).from(apiKeys).where(and(eq(apiKeys.id, by.id), eq(apiKeys.orgId, orgId)));
  return key?.name ?? 'API';
}
