import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { humanReviews, interviews, reports, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { agreementFigures, toScoreLevel, type ScorePair } from './agreement-statistics';
import { resolveAnalyticsFilter, type AnalyticsFilterInput } from './analytics-filter';

const share = (what: string) => z.number().nullable().describe(`${what}, 0–1; null without pairs.`);

export const CriterionAgreementSchema = z.object({
  key: z.string().describe("The criterion's key, as in the report."),
  pairs: z.number().int().describe("Interviews where both the AI and a person scored this criterion."),
  exactAgreement: share('Share of pairs with the same score'),
  adjacentAgreement: share('Share of pairs at most one point apart'),
  qwk: z.number().nullable().describe('Quadratic weighted kappa over the 11 levels 0–10; null with fewer than 2 pairs or no variance.'),
  aiMean: z.number().nullable().describe("Mean of the AI's scores (rounded to integers 0–10) over the pairs; null without pairs."),
  humanMean: z.number().nullable().describe("Mean of the people's scores (rounded to integers 0–10) over the pairs; null without pairs."),
  standardizedMeanDifference: z
    .number()
    .nullable()
    .describe('(aiMean − humanMean) / pooled standard deviation (sample variances); null with fewer than 2 pairs or a pooled SD of 0.'),
});

export const AgreementSchema = z.object({
  criteria: z.array(CriterionAgreementSchema).describe('One entry per criterion with at least one pair, by key.'),
});
export type Agreement = z.infer<typeof AgreementSchema>;

/** One criterion of one reviewed interview: the AI's level and the reviewer's, and who the reviewer is. */
export type AgreementPair = ScorePair & { key: string; reviewer: { type: 'user' | 'api_key'; id: string; name: string | null } };

/**
 * The pairs in the filter: for each interview whose READY report a person reviewed, each criterion both scored.
 * The AI's score is the report's criterion score (the mean of its answers' scores) and the person's is theirs,
 * both rounded to an integer level 0–10: the kappa counts levels, and the means use the same levels so that every
 * figure of a criterion describes the same numbers. A criterion the AI could not score (null) makes no pair.
 */
export async function listAgreementPairs(db: DbExecutor, input: { orgId: string; filter: AnalyticsFilterInput }): Promise<AgreementPair[]> {
  const filter = await resolveAnalyticsFilter(db, input.orgId, input.filter);
  const columns = {
    aiCriteria: reports.criteria,
    humanCriteria: humanReviews.criteria,
    reviewedByType: humanReviews.reviewedByType,
    reviewedById: humanReviews.reviewedById,
    reviewerName: users.name,
    reviewerEmail: users.email,
  };
  const reviewer = and(eq(users.id, humanReviews.reviewedById), eq(users.orgId, humanReviews.orgId), eq(humanReviews.reviewedByType, 'user'));
  const readyInterviewReport = and(eq(reports.type, 'interview'), eq(reports.status, 'READY'));
  // A campaign is a small part of the organization: its interviews first, each one's report by interview_id and its
  // review by report id (~15 ms for a campaign of 2,000 interviews among 100,000, where the planner otherwise hashes
  // every report of the organization, ~45 ms). A job or a configuration can cover most of the organization, where
  // that lookup per interview costs three times the hash: those start from the organization's reviews.
  const rows =
    filter.scope.kind === 'campaign'
      ? await db
          .select(columns)
          .from(interviews)
          .innerJoinLateral(
            // interview_id is unique: LIMIT 1 changes no result and keeps the lookup per interview (not flattened into a hash join).
            db.select({ id: reports.id }).from(reports).where(and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId), readyInterviewReport)).limit(1).as('ready_report'),
            sql`true`,
          )
          .innerJoin(reports, and(eq(reports.id, sql`ready_report.id`), eq(reports.orgId, input.orgId)))
          .innerJoin(humanReviews, and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, input.orgId)))
          .leftJoin(users, reviewer)
          .where(filter.where)
      : await db
          .select(columns)
          .from(humanReviews)
          .innerJoin(reports, and(eq(reports.id, humanReviews.reportId), eq(reports.orgId, humanReviews.orgId)))
          .innerJoin(interviews, and(eq(interviews.id, reports.interviewId), eq(interviews.orgId, reports.orgId)))
          .leftJoin(users, reviewer)
          .where(and(eq(humanReviews.orgId, input.orgId), readyInterviewReport, filter.where));
  return rows.flatMap((row) => {
    const aiScores = new Map((row.aiCriteria ?? []).map((c) => [c.key, c.score]));
    const reviewer = { type: row.reviewedByType, id: row.reviewedById, name: row.reviewerName ?? row.reviewerEmail ?? null };
    return row.humanCriteria.flatMap((c) => {
      const ai = aiScores.get(c.key);
      if (ai === undefined || ai === null || !Number.isFinite(ai)) return [];
      return [{ key: c.key, ai: toScoreLevel(ai), human: toScoreLevel(c.score), reviewer }];
    });
  });
}

/** GET /analytics/agreement (CONTRACT §14): the figures per criterion over every reviewer. */
export async function getAgreement(db: DbExecutor, input: { orgId: string; filter: AnalyticsFilterInput }): Promise<Agreement> {
  const pairs = await listAgreementPairs(db, input);
  return { criteria: figuresByCriterion(pairs) };
}

export function figuresByCriterion(pairs: readonly AgreementPair[]): Agreement['criteria'] {
  const byKey = new Map<string, ScorePair[]>();
  for (const pair of pairs) {
    const list = byKey.get(pair.key) ?? [];
    list.push({ ai: pair.ai, human: pair.human });
    byKey.set(pair.key, list);
  }
  return [...byKey.keys()].sort().map((key) => ({ key, ...agreementFigures(byKey.get(key)!) }));
}
