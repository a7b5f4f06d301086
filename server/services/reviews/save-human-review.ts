import { and, eq } from 'drizzle-orm';
import { humanReviews, interviews, reports, type HumanReviewCriterion, type ReportCriterion } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { Actor } from '@/server/auth/actor';
import { AppError, notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { recordAuditEvent } from '../audit/record-audit-event';
import { watchByDefault } from '../notifications/watchers';
import { toHumanReviewDto } from './human-review-dto';
import type { HumanReviewDto, SaveHumanReviewInput } from './human-review-schemas';

/**
 * A recruiter scores every criterion of an interview's READY report (0–10, a note each) beside the AI's scores,
 * which stay untouched. Reviewing again replaces the review. The keys must be exactly the report's criteria
 * (400 naming `criteria` otherwise); an interview without a READY report has nothing to review (409).
 */
export async function saveHumanReview(db: DbExecutor, input: SaveHumanReviewInput & { orgId: string; actor: Actor; requestId?: string | null }): Promise<HumanReviewDto> {
  if (!isIdOf('interview', input.interviewId)) throw notFound('Interview');
  const [row] = await db
    .select({ reportId: reports.id, reportStatus: reports.status, criteria: reports.criteria })
    .from(interviews)
    .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, interviews.orgId)))
    .where(and(eq(interviews.id, input.interviewId), eq(interviews.orgId, input.orgId)));
  if (!row) throw notFound('Interview');
  if (!row.reportId || row.reportStatus !== 'READY' || !row.criteria || row.criteria.length === 0) {
    throw new AppError('INVALID_STATE', 'The interview has no ready report with criteria to review');
  }
  const criteria = matchCriteria(row.criteria, input.criteria);
  const overallScore = humanOverallScore(row.criteria, criteria);
  const values = {
    reportId: row.reportId,
    orgId: input.orgId,
    criteria,
    overallScore,
    reviewedByType: input.actor.type,
    reviewedById: input.actor.id,
    reviewedAt: new Date(),
  };
  const saved = await db.transaction(async (tx) => {
    const [review] = await tx
      .insert(humanReviews)
      .values(values)
      .onConflictDoUpdate({ target: humanReviews.reportId, set: { ...values }, setWhere: eq(humanReviews.orgId, input.orgId) })
      .returning();
    // Scores only: the notes are free text about a person.
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: { actor: input.actor, requestId: input.requestId ?? null },
      action: 'report.reviewed',
      targetType: 'report',
      targetId: review.reportId,
      details: { interviewId: input.interviewId, overallScore: review.overallScore },
    });
    await watchByDefault(tx, { orgId: input.orgId, userId: input.actor.type === 'user' ? input.actor.id : null, targetType: 'interview', targetId: input.interviewId });
    return review;
  });
  return toHumanReviewDto(saved)!;
}

function matchCriteria(reportCriteria: ReportCriterion[], given: SaveHumanReviewInput['criteria']): HumanReviewCriterion[] {
  const byKey = new Map(given.map((c) => [c.key, c]));
  const expected = reportCriteria.map((c) => c.key);
  const unknown = given.filter((c) => !expected.includes(c.key)).map((c) => c.key);
  const missing = expected.filter((key) => !byKey.has(key));
  if (unknown.length > 0 || missing.length > 0 || byKey.size !== given.length) {
    const parts = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : null,
      unknown.length > 0 ? `not in the report: ${unknown.join(', ')}` : null,
      byKey.size !== given.length ? 'a criterion is listed twice' : null,
    ].filter(Boolean);
    throw new AppError('VALIDATION_ERROR', 'Validation failed', {
      issues: [{ path: 'criteria', message: `Score each criterion of the report once (${parts.join('; ')})` }],
    });
  }
  return expected.map((key) => {
    const c = byKey.get(key)!;
    return { key, score: c.score, note: c.note ? c.note : null };
  });
}

/** The report's rule applied to the reviewer's scores: the weighted mean ×10, one decimal (equal weights if all are 0). */
export function humanOverallScore(reportCriteria: ReportCriterion[], criteria: HumanReviewCriterion[]): number {
  const weights = new Map(reportCriteria.map((c) => [c.key, Number.isFinite(c.weight) && c.weight > 0 ? c.weight : 0]));
  const total = criteria.reduce((sum, c) => sum + (weights.get(c.key) ?? 0), 0);
  const weighted =
    total > 0
      ? criteria.reduce((sum, c) => sum + c.score * (weights.get(c.key) ?? 0), 0) / total
      : criteria.reduce((sum, c) => sum + c.score, 0) / criteria.length;
  return Math.round(weighted * 10 * 10) / 10;
}
