import { jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { reports } from './reports';

export type HumanReviewCriterion = { key: string; score: number; note: string | null };

/**
 * A recruiter's own scoring of an interview report, beside the AI's (which stays as generated in `reports`).
 * One per report; reviewing again replaces it. Where present it takes precedence in the campaign ranking and in
 * exports.
 */
export const humanReviews = pgTable('human_reviews', {
  reportId: text('report_id')
    .primaryKey()
    .references(() => reports.id),
  orgId: text('org_id').notNull().references(() => organizations.id),
  criteria: jsonb('criteria').$type<HumanReviewCriterion[]>().notNull(),
  /** 0–100: the criteria's scores weighted as in the report, ×10, rounded to one decimal like the AI's. */
  overallScore: real('overall_score').notNull(),
  reviewedByType: text('reviewed_by_type').$type<'user' | 'api_key'>().notNull(),
  reviewedById: text('reviewed_by_id').notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});
