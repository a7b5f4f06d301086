import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { auditEvents, organizations, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import type { AuditContext } from '../audit/audit-actor';
import type { InterviewView } from '../dashboard/dashboard-schemas';
import { updateOrganizationSetting } from '../organizations/update-organization-setting';

/**
 * "Review before you see the AI" (issue 23, EU AI Act Art. 14 on automation bias): an organization setting, off by
 * default. While it is on, a dashboard user does not see the AI's evaluation of an interview (scores, summary,
 * advice, flags, per-answer scores) until they have saved their own review of it. REST v1 is not affected: its
 * callers are machines, not reviewers (docs/DECISIONS.md).
 */
export const ReviewBeforeAiSettingsSchema = z.object({ reviewBeforeAi: z.boolean() });
export type ReviewBeforeAiSettings = z.infer<typeof ReviewBeforeAiSettingsSchema>;
export const UpdateReviewBeforeAiInputSchema = z.strictObject({ reviewBeforeAi: z.boolean('Must be true or false') });

export async function getReviewBeforeAiSettings(db: DbExecutor, input: { orgId: string }): Promise<ReviewBeforeAiSettings> {
  const [row] = await db.select({ reviewBeforeAi: organizations.reviewBeforeAi }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!row) throw notFound('Organization');
  return row;
}

/** Switched by an admin; audited when it changes. */
export async function updateReviewBeforeAiSettings(db: DbExecutor, input: { orgId: string; reviewBeforeAi: boolean; audit?: AuditContext }): Promise<ReviewBeforeAiSettings> {
  await updateOrganizationSetting(db, {
    orgId: input.orgId,
    setting: 'reviewBeforeAi',
    value: input.reviewBeforeAi,
    audit: input.audit,
    details: (before, after) => ({ from: before, to: after }),
  });
  return getReviewBeforeAiSettings(db, input);
}

/**
 * Among `interviewIds`, those whose AI evaluation is withheld from `userId`: all of them while the organization's
 * mode is on, except the interviews the user has saved a review of. "Saved a review" is read from the audit log's
 * `report.reviewed` entries, which saveHumanReview writes in the same transaction as the review: the review row
 * keeps only the latest reviewer (reviewing again replaces it), and a colleague's later review must not hide the
 * AI again from someone who already gave their own judgement.
 */
export async function listAiWithheldInterviewIds(db: DbExecutor, input: { orgId: string; userId: string; interviewIds: readonly string[] }): Promise<Set<string>> {
  if (input.interviewIds.length === 0) return new Set();
  const [org] = await db.select({ reviewBeforeAi: organizations.reviewBeforeAi }).from(organizations).where(eq(organizations.id, input.orgId));
  if (!org?.reviewBeforeAi) return new Set();
  const reviewed = await db
    .select({ interviewId: reports.interviewId })
    .from(auditEvents)
    .innerJoin(reports, and(eq(reports.id, auditEvents.targetId), eq(reports.orgId, auditEvents.orgId)))
    .where(
      and(
        eq(auditEvents.orgId, input.orgId),
        eq(auditEvents.action, 'report.reviewed'),
        eq(auditEvents.actorType, 'user'),
        eq(auditEvents.actorId, input.userId),
        inArray(reports.interviewId, [...input.interviewIds]),
      ),
    );
  const done = new Set(reviewed.map((r) => r.interviewId));
  return new Set(input.interviewIds.filter((id) => !done.has(id)));
}

/** Whether the AI's evaluation of one interview is withheld from `userId` (listAiWithheldInterviewIds). */
export async function isAiWithheld(db: DbExecutor, input: { orgId: string; userId: string; interviewId: string }): Promise<boolean> {
  const withheld = await listAiWithheldInterviewIds(db, { orgId: input.orgId, userId: input.userId, interviewIds: [input.interviewId] });
  return withheld.has(input.interviewId);
}

/**
 * The interview page's view without anything the AI concluded: the report's overall score, advice, summary, flags
 * and criterion scores, and the per-answer evaluations of the turns. What the reviewer needs to score (the
 * criteria's keys, labels and weights, the transcript) stays.
 */
export function withoutAiEvaluation(view: InterviewView): InterviewView {
  return {
    ...view,
    overallScore: null,
    evaluation: view.evaluation
      ? {
          ...view.evaluation,
          overallScore: null,
          recommendation: null,
          summary: null,
          flags: [],
          criteria: view.evaluation.criteria.map((c) => ({ ...c, score: null, evidenceTurns: [] })),
        }
      : null,
    turns: view.turns.map((t) => ({ ...t, evaluation: null })),
  };
}
