import { and, eq } from 'drizzle-orm';
import { humanReviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import type { HumanReviewDto } from './human-review-schemas';

export type HumanReviewRow = typeof humanReviews.$inferSelect;

/** What the DTO is made of: a review row, or the same fields read by a raw statement (a timestamp as text). */
export type HumanReviewFields = Pick<HumanReviewRow, 'criteria' | 'overallScore' | 'reviewedByType' | 'reviewedById'> & { reviewedAt: Date | string };

export function toHumanReviewDto(row: HumanReviewFields | null | undefined): HumanReviewDto | null {
  if (!row) return null;
  return {
    criteria: row.criteria.map((c) => ({ key: c.key, score: c.score, note: c.note ?? null })),
    overallScore: row.overallScore,
    reviewedBy: { type: row.reviewedByType, id: row.reviewedById },
    reviewedAt: iso(row.reviewedAt),
  };
}

/** The human review of one report of the organization, or null. */
export async function findHumanReview(db: DbExecutor, input: { orgId: string; reportId: string }): Promise<HumanReviewRow | null> {
  const [row] = await db
    .select()
    .from(humanReviews)
    .where(and(eq(humanReviews.reportId, input.reportId), eq(humanReviews.orgId, input.orgId)));
  return row ?? null;
}
