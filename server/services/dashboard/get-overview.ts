import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { candidates, INTERVIEW_STATUSES, interviews, jobs, reports, type InterviewStatus, type Recommendation } from '@/db/schema';
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
  const bucket = sql<number>`least(floor(${reports.overallScore} / 10), 9)::int`;

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
      .where(and(readyInterviewReports, isNotNull(reports.overallScore)))
      .groupBy(bucket),
    db
      .select({ average: sql<number | null>`avg(${reports.overallScore})::float8` })
      .from(reports)
      .where(and(readyInterviewReports, isNotNull(reports.overallScore))),
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
        overallScore: reports.overallScore,
        recommendation: reports.recommendation,
      })
      .from(interviews)
      .innerJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, orgId)))
      .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, orgId)))
      .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, orgId)))
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
    scoreDistribution: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, count: counts.get(i) ?? 0 })),
    recommendations,
    recentCompletions: recent.map((r) =>
      withheld.has(r.interviewId) ? { ...r, overallScore: null, recommendation: null, completedAt: iso(r.completedAt) } : { ...r, completedAt: iso(r.completedAt) },
    ),
  };
}
