import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { candidates, humanReviews, INTERVIEW_STATUSES, interviewStatusCounts, interviews, jobs, reports, reportScoreCounts, type InterviewStatus, type Recommendation } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { notDemoInterview } from '../demo/demo-filter';
import { effectiveScore, effectiveScoreSource } from '../analytics/effective-score';
import { iso } from '../fields';
import { effectiveStatusSql } from '../interviews/effective-status';
import { listAiWithheldInterviewIds } from '../reviews/review-before-ai';
import type { Overview } from './dashboard-schemas';

const RECOMMENDATIONS: Recommendation[] = ['STRONG_YES', 'YES', 'NO', 'DEFINITELY_NO', 'NO_DECISION'];
const RECENT_COMPLETIONS = 6;

/**
 * The organization's dashboard overview from precomputed figures: the per-status counts (interview_status_counts)
 * and the score figures (report_score_counts), both kept exact by triggers, so the overview costs a few small reads
 * at any size; only this week's completions are counted and the few recent completions read as rows (an index each).
 */
export async function getOverview(db: DbExecutor, input: { orgId: string; now?: Date; viewerUserId?: string | null }): Promise<Overview> {
  const { orgId } = input;
  const weekAgo = new Date((input.now ?? new Date()).getTime() - 7 * 24 * 3600 * 1000);
  const reviewed = and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, orgId));

  const [statusRows, [completedRecent], scoreRows, recent] = await Promise.all([
    // Per status as readers see it, from the trigger-maintained counts: the stored counts, less the lapsed
    // invitations (INVITED past expiresAt, EXPIRED to readers; few, the sweep persists them every minute) moved to
    // EXPIRED, less the organization's few demo interviews. One statement, so all three come from one snapshot.
    db.execute(sql`select status, sum(n)::int as count from (
        select ${interviewStatusCounts.status} as status, ${interviewStatusCounts.count} as n from ${interviewStatusCounts}
          where ${interviewStatusCounts.orgId} = ${orgId}
        union all
        select s.status, s.n from (select count(*) as lapsed from ${interviews} where ${interviews.orgId} = ${orgId}
            and ${interviews.status} = 'INVITED' and ${interviews.expiresAt} <= now()) l
          cross join lateral (values ('INVITED', -l.lapsed), ('EXPIRED', l.lapsed)) as s(status, n)
        union all
        select ${effectiveStatusSql}, -count(*) from ${interviews} where ${interviews.orgId} = ${orgId} and ${interviews.isDemo} group by 1
      ) c group by status`),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), eq(interviews.status, 'COMPLETED'), gte(interviews.completedAt, weekAgo), notDemoInterview)),
    // The score figures from report_score_counts, kept by triggers on reports and human_reviews (READY interview
    // reports, demo interviews left out, the reviewer's score where there is one): a few dozen rows.
    db
      .select({
        bucket: reportScoreCounts.bucket,
        source: reportScoreCounts.source,
        recommendation: reportScoreCounts.recommendation,
        count: sql<number>`${reportScoreCounts.count}::int`,
        scoreSum: reportScoreCounts.scoreSum,
      })
      .from(reportScoreCounts)
      .where(eq(reportScoreCounts.orgId, orgId)),
    db
      .select({
        interviewId: interviews.id,
        completedAt: interviews.completedAt,
        candidate: { id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName },
        jobTitle: jobs.title,
        reportStatus: reports.status,
        // The score that counts (analytics/effective-score.ts, the one definition): as rankings and exports.
        overallScore: effectiveScore.mapWith((v) => (v === null ? null : Number(v))),
        scoreSource: effectiveScoreSource,
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
  for (const row of rowsOf<{ status: InterviewStatus; count: number }>(statusRows)) if (row.status in byStatus) byStatus[row.status] += Number(row.count);
  const ended = byStatus.COMPLETED + byStatus.CANCELLED + byStatus.EXPIRED;
  const counts = new Map<number, number>();
  const recommendations = Object.fromEntries(RECOMMENDATIONS.map((r) => [r, 0])) as Record<Recommendation, number>;
  const sources = { human: 0, ai: 0 };
  let scoreSum = 0;
  for (const row of scoreRows) {
    const n = Number(row.count);
    if (row.recommendation) recommendations[row.recommendation as Recommendation] += n;
    if (row.source === 'none') continue;
    sources[row.source] += n;
    scoreSum += Number(row.scoreSum);
    counts.set(row.bucket, (counts.get(row.bucket) ?? 0) + n);
  }
  const scored = sources.human + sources.ai;
  // Sums kept by additions and subtractions: round off the float noise they accumulate.
  const averageScore = scored === 0 ? null : Math.round((scoreSum / scored) * 1e6) / 1e6;

  return {
    totalInterviews: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    completionRate: ended === 0 ? null : byStatus.COMPLETED / ended,
    completedLast7Days: Number(completedRecent?.count ?? 0),
    averageScore,
    scoreSources: sources,
    scoreDistribution: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, count: counts.get(i) ?? 0 })),
    recommendations,
    recentCompletions: recent.map((r) =>
      withheld.has(r.interviewId)
        ? { ...r, overallScore: null, scoreSource: null, recommendation: null, completedAt: iso(r.completedAt) }
        : { ...r, completedAt: iso(r.completedAt) },
    ),
  };
}
