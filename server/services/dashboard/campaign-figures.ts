import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { campaignInterviewCounts, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/**
 * How the organization's campaigns' interviews stand, per campaign, from campaign_interview_counts (kept exact by
 * triggers on interviews, reports and human_reviews; demo interviews left out): a few rows per campaign instead of every interview
 * and its report. `invited` is the stored INVITED count: subtract `lapsedInvitations` for the effective one. The
 * averages are sums of the scores that count (effective-score.ts) over counts; a float8 sum of reals between 0.001 and 100 stays exact
 * below 2^20 of them, so they equal avg() over the same reports.
 */
export function campaignFigures(db: DbExecutor, orgId: string) {
  const c = campaignInterviewCounts;
  const completed = sql`${c.status} = 'COMPLETED'`;
  return db
    .select({
      campaignId: c.campaignId,
      interviews: sql<number>`sum(${c.interviews})::int`.as('interviews'),
      completed: sql<number>`coalesce(sum(${c.interviews}) filter (where ${completed}), 0)::int`.as('completed'),
      inProgress: sql<number>`coalesce(sum(${c.interviews}) filter (where ${c.status} = 'IN_PROGRESS'), 0)::int`.as('in_progress'),
      invited: sql<number>`coalesce(sum(${c.interviews}) filter (where ${c.status} = 'INVITED'), 0)::int`.as('invited'),
      /** READY reports' average score that counts (the reviewer's, else the AI's), whatever the interview's status (the campaigns page). */
      averageScore: sql<number | null>`(sum(${c.scoreSum}) / nullif(sum(${c.scoredReports}), 0))::float8`.as('average_score'),
      /** The same three over COMPLETED interviews only (a campaign's head and its export). */
      completedReports: sql<number>`coalesce(sum(${c.reports}) filter (where ${completed}), 0)::int`.as('completed_reports'),
      completedReadyReports: sql<number>`coalesce(sum(${c.readyReports}) filter (where ${completed}), 0)::int`.as('completed_ready_reports'),
      completedAverageScore: sql<number | null>`(sum(${c.scoreSum}) filter (where ${completed}) / nullif(sum(${c.scoredReports}) filter (where ${completed}), 0))::float8`.as(
        'completed_average_score',
      ),
    })
    .from(c)
    .where(eq(c.orgId, orgId))
    .groupBy(c.campaignId)
    .as('campaign_figures');
}

/**
 * A campaign's INVITED interviews whose link has lapsed (EXPIRED to readers, not yet swept; see effective-status.ts),
 * demo interviews left out: a range of the partial index interviews_org_campaign_invited_expiry_idx.
 */
export function lapsedInvitations(orgId: string, campaignId: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(select count(*) from ${interviews} where ${and(
    eq(interviews.orgId, orgId),
    sql`${interviews.campaignId} = ${campaignId}`,
    sql`${interviews.status} = 'INVITED' and not ${interviews.isDemo} and ${interviews.expiresAt} <= now()`,
  )})::int`;
}
