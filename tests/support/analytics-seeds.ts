import type { Database } from '@/db/client';
import { humanReviews, interviewDecisions, interviews, reports, turns, type DecisionStatus, type InterviewStatus } from '@/db/schema';
import { newId } from '@/server/ids';
import { makeCampaign, makeCandidate, makeConfig, makeHiringSetup, makeInterview } from './factories';
import { makeRecruiter } from './recruiters';

/**
 * The analytics tests' seeding (tests/integration/analytics-*.test.ts): one interview written as it would be after
 * what happened to it (its timestamps, the candidate's answers, the decisions taken, the AI's report and a person's
 * review of it). Each test file describes its interviews in its own terms and computes its expected figures from
 * that description; this only writes the rows, so the arithmetic stays in the tests.
 */
export type AnalyticsInterviewSeed = {
  /** "First Last" for the candidate; the factory's name otherwise. */
  name?: string;
  status: InterviewStatus;
  /** Left out: the factory's (now). */
  invitedAt?: Date | null;
  createdAt?: Date;
  expiresAt?: Date;
  openedAt?: Date | null;
  consentedAt?: Date | null;
  startedAt?: Date | null;
  /** Also the interview's end. */
  completedAt?: Date | null;
  /** The candidate's optional rating after the interview (1–5), given at completion. */
  rating?: number | null;
  isDemo?: boolean;
  /** Question-and-answer pairs in the transcript (an agent turn, then a candidate turn). */
  answers?: number;
  /** Current decision last; earlier ones are superseded. */
  decisions?: DecisionStatus[];
  /** The AI's report: READY with its criterion scores (null: no evidence) and overall score, or still PENDING. */
  report?: { status: 'READY' | 'PENDING'; overallScore?: number | null; criteria?: Record<string, number | null> };
  /** A person's review of that report. */
  review?: { overallScore: number; criteria?: Record<string, number> };
};

export type AnalyticsScope = { jobId: string; campaignId: string; configId: string };

export async function seedAnalyticsInterview(db: Database, orgId: string, where: AnalyticsScope, seed: AnalyticsInterviewSeed, reviewerId: string) {
  const [firstName, lastName] = seed.name?.split(' ') ?? [];
  const candidate = await makeCandidate(db, orgId, seed.name ? { firstName, lastName } : {});
  const fields: Partial<typeof interviews.$inferInsert> = {
    status: seed.status,
    openedAt: seed.openedAt ?? null,
    consentedAt: seed.consentedAt ?? null,
    startedAt: seed.startedAt ?? null,
    completedAt: seed.completedAt ?? null,
    endedAt: seed.completedAt ?? null,
    cancelledAt: seed.status === 'CANCELLED' ? new Date() : null,
    satisfactionScore: seed.rating ?? null,
    satisfactionAt: seed.rating ? (seed.completedAt ?? null) : null,
    isDemo: seed.isDemo ?? false,
  };
  if (seed.invitedAt !== undefined) fields.invitedAt = seed.invitedAt;
  if (seed.createdAt) fields.createdAt = seed.createdAt;
  if (seed.expiresAt) fields.expiresAt = seed.expiresAt;
  const interview = await makeInterview(db, orgId, { candidateId: candidate.id, ...where, ...fields });

  const answers = seed.answers ?? 0;
  if (answers > 0) {
    await db.insert(turns).values(
      Array.from({ length: answers }, (_, i) => [
        { interviewId: interview.id, orgId, turnNumber: 2 * i + 1, role: 'agent' as const, content: `Question ${i + 1}` },
        { interviewId: interview.id, orgId, turnNumber: 2 * i + 2, role: 'candidate' as const, content: `Answer ${i + 1}` },
      ]).flat(),
    );
  }
  for (const [i, status] of (seed.decisions ?? []).entries()) {
    await db.insert(interviewDecisions).values({
      id: newId('decision'),
      orgId,
      interviewId: interview.id,
      status,
      decidedByType: 'user',
      decidedById: reviewerId,
      supersededAt: i === seed.decisions!.length - 1 ? null : new Date(),
    });
  }
  if (seed.report) {
    const ready = seed.report.status === 'READY';
    const [report] = await db
      .insert(reports)
      .values({
        id: newId('report'),
        orgId,
        type: 'interview',
        interviewId: interview.id,
        status: seed.report.status,
        overallScore: seed.report.overallScore ?? null,
        criteria: Object.entries(seed.report.criteria ?? {}).map(([key, score]) => ({ key, label: key, score, weight: 1, evidenceTurns: [] })),
        completedAt: ready ? new Date() : null,
      })
      .returning();
    if (seed.review) {
      await db.insert(humanReviews).values({
        reportId: report.id,
        orgId,
        criteria: Object.entries(seed.review.criteria ?? {}).map(([key, score]) => ({ key, score, note: null })),
        overallScore: seed.review.overallScore,
        reviewedByType: 'user',
        reviewedById: reviewerId,
      });
    }
  }
  return interview;
}

/**
 * What both analytics files seed an organization with: a reviewer, the factory's job, campaign ("Spring hiring")
 * and configuration, a second campaign of the same job ("Autumn hiring") and, when asked, a second configuration.
 */
export async function makeAnalyticsSetup(db: Database, orgId: string, options: { reviewerName?: string; secondConfig?: boolean } = {}) {
  const reviewer = await makeRecruiter(db, orgId, { role: 'recruiter', ...(options.reviewerName ? { name: options.reviewerName } : {}) });
  const setup = await makeHiringSetup(db, orgId);
  const campaignB = await makeCampaign(db, orgId, setup.job.id, 'Autumn hiring');
  const configB = options.secondConfig ? await makeConfig(db, orgId, { name: 'Second configuration' }) : null;
  return { reviewer, setup, campaignB, configB };
}

/** Query parameters as a query string. */
export const analyticsQuery = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
