import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { candidates, humanReviews, INTERVIEW_STATUSES, interviews, jobs, reports, type InterviewStatus, type Recommendation } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notDemoInterview, notDemoReport } from '../demo/demo-filter';
import { iso } from '../fields';
import { effectiveStatusSql } from '../interviews/effective-status';
import { listAiWithheldInterviewIds } from '../reviews/review-before-ai';
import type { Overview } from './dashboard-schemas';

const RECOMMENDATIONS: Recommendation[] = ['STRONG_YES', 'YES', 'NO', 'DEFINITELY_NO', 'NO_DECISION'];
const RECENT_COMPLETIONS = 6;

/**
 * The organization's dashboard overview, computed by aggregate SQL: counts and buckets come back from the
 * database, never the rows themselves (only the few recent completions are read as rows).
 */
export async function getOverview(db: DbExecutor, input: { orgId: string; now?: Date; viewerUserId?: string | null }): Promise<Overview> {
  const { orgId } = input;
  const weekAgo = new Date((input.now ?? new Date()).getTime() - 7 * 24 * 3600 * 1000);
  const readyInterviewReports = and(eq(reports.orgId, orgId), eq(reports.type, 'interview'), eq(reports.status, 'READY'), notDemoReport(orgId));
  // The score that counts: a reviewer's when there is one, else the AI's (as rankings and exports).
  const score = sql<number | null>`coalesce(${humanReviews.overallScore}, ${reports.overallScore})`;
  const reviewed = and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, orgId));
  const bucket = sql<number>`least(floor(${score} / 10), 9)::int`;

  const [statusRows, [completedRecent], bucketRows, [scoreRow], recommendationRows, recent] = await Promise.all([
    db
      .select({ status: effectiveStatusSql, count: sql<number>`count(*)::int` })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), notDemoInterview))
      .groupBy(effectiveStatusSql),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), eq(interviews.status, 'COMPLETED'), gte(interviews.completedAt, weekAgo), notDemoInterview)),
    db
      .select({ bucket, count: sql<number>`count(*)::int` })
      .from(reports)
      .leftJoin(humanReviews, reviewed)
      .where(and(readyInterviewReports, isNotNull(score)))
      .groupBy(bucket),
    db
      .select({
        average: sql<number | null>`avg(${score})::float8`,
        fromReviews: sql<number>`(count(*) filter (where ${humanReviews.overallScore} is not null))::int`,
        fromAi: sql<number>`(count(*) filter (where ${humanReviews.overallScore} is null))::int`,
      })
      .from(reports)
      .leftJoin(humanReviews, reviewed)
      .where(and(readyInterviewReports, isNotNull(score))),
    db
      .select({ recommendation: reports.recommendation, count: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(readyInterviewReports, isNotNull(reports.recommendation)))
      .groupBy(reports.recommendation),
    db
      .select({
        interviewId: interviews.id,
        completedAt: interviews.completedAt,
        candidate: { id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName },
        jobTitle: jobs.title,
        reportStatus: reports.status,
        overallScore: score,
        scoreSource: sql<'human' | 'ai' | null>`case when ${humanReviews.overallScore} is not null then 'human' when ${reports.overallScore} is not null then 'ai' end`,
        recommendation: reports.recommendation,
      })
      .from(interviews)
      .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, orgId)))
      .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, orgId)))
      .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, orgId)))
      .leftJoin(humanReviews, reviewed)
      .where(and(eq(interviews.orgId, orgId), eq(interviews.status, 'COMPLETED'), notDemoInterview))
      .orderBy(desc(interviews.completedAt), desc(interviews.id))
      .limit(RECENT_COMPLETIONS),
  ]);

  // The review-before-AI mode: one interview's AI score and advice are withheld from a user who has not reviewed
  // it; the aggregates above are no one interview's evaluation and stay.
  const withheld = input.viewerUserId
    ? await listAiWithheldInterviewIds(db, { orgId, userId: input.viewerUserId, interviewIds: recent.filter((r) => r.reportStatus).map((r) => r.interviewId) })
    : new Set<string>();
  const byStatus = Object.fromEntries(INTERVIEW_STATUSES.map((s) => [s, 0])) as Record<InterviewStatus, number>;
  for (const row of statusRows) byStatus[row.status] = Number(row.count);
  const ended = byStatus.COMPLETED + byStatus.CANCELLED + byStatus.EXPIRED;
  const counts = new Map(bucketRows.map((r) => [Number(r.bucket), Number(r.count)]));
  const recommendations = Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as Record<Recommendation, number>;
  for (const row of recommendationRows) if (row.recommendation) recommendations[row.recommendation] = Number(row.count);

  return {
    totalInterviews: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    completionRate: ended === 0 ? null : byStatus.COMPLETED / ended,
    completedLast7Days: Number(completedRecent?.count ?? 0),
    averageScore: scoreRow?.average === null || scoreRow?.average === undefined ? null : Number(scoreRow.average),
    scoreSources: { human: Number(scoreRow?.fromReviews ?? 0), ai: Number(scoreRow?.fromAi ?? 0) },
    scoreDistribution: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, count: counts.get(i) ?? 0 })),
    recommendations,
    recentCompletions: recent.map((r) =>
      withheld.has(r.interviewId)
        ? { ...r, overallScore: null, scoreSource: null, recommendation: null, completedAt: iso(r.completedAt) }
        : { ...r, completedAt: iso(r.completedAt) },
    ),
  };
}
