import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { humanReviews, reports } from '@/db/schema';

/**
 * The score that counts (issue 26, "Scoring without a model"): a person's review of the interview where there is
 * one, else the AI's overall score, and only from a READY report. Rankings, the overview's histogram and average,
 * the awaiting-decision queue and the exports all read it this way, and say which it was (`scoreSource`).
 *
 * For queries that join `reports` and `human_reviews` under their own table names (drizzle's query builder):
 *   .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, orgId)))
 *   .leftJoin(humanReviews, and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, orgId)))
 * For raw SQL with aliases, `effectiveScoreOf(sql\`r\`, sql\`h\`)`.
 */
export const ScoreSourceSchema = z
  .enum(['human', 'ai'])
  .nullable()
  .describe("Whose score overallScore is: 'human' (a person's review, which takes precedence), 'ai' (the AI's), null when there is none.");
export type ScoreSource = z.infer<typeof ScoreSourceSchema>;

/** `coalesce(review, AI)` over a READY report; null otherwise. */
export function effectiveScoreOf(report: SQL, review: SQL): SQL<number | null> {
  return sql<number | null>`(case when ${report}.status = 'READY' then coalesce(${review}.overall_score, ${report}.overall_score) end)`;
}

/** 'human' | 'ai' | null, as effectiveScoreOf chose. */
export function scoreSourceOf(report: SQL, review: SQL): SQL<ScoreSource> {
  return sql<ScoreSource>`(case when ${report}.status <> 'READY' or ${report}.status is null then null when ${review}.overall_score is not null then 'human' when ${report}.overall_score is not null then 'ai' end)`;
}

/** The same two over drizzle's `reports` and `humanReviews` tables, unaliased. */
export const effectiveScore: SQL<number | null> = effectiveScoreOf(sql`${reports}`, sql`${humanReviews}`);
export const effectiveScoreSource: SQL<ScoreSource> = scoreSourceOf(sql`${reports}`, sql`${humanReviews}`);
