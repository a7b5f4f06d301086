import { bigint, doublePrecision, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The overview's score figures per organization, kept exact by statement-level triggers on `reports` and
 * `human_reviews` (migration report-score-counts-triggers), so the overview reads a few dozen rows instead of
 * aggregating every READY report (40,000 reports cost 100–200 ms per request on a busy machine). Counted: READY
 * interview reports, not of a demo interview. One row per (organization, score bucket, score source,
 * recommendation): the score is the reviewer's where there is one, else the AI's (`source` human, ai, or none
 * without a score, bucket -1); the bucket is least(floor(score / 10), 9); recommendation '' when there is none.
 * Never written by application code.
 */
export const reportScoreCounts = pgTable(
  'report_score_counts',
  {
    orgId: text('org_id').notNull(),
    bucket: smallint('bucket').notNull(),
    source: text('source').$type<'human' | 'ai' | 'none'>().notNull(),
    recommendation: text('recommendation').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    /** The sum of the scores counted in this row (for the average). */
    scoreSum: doublePrecision('score_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.bucket, t.source, t.recommendation] })],
);
