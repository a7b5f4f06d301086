import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { campaigns, candidates, humanReviews, interviewDecisions, interviews, interviewStatusCounts, jobs, reports } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { idString, iso, timestampOut } from '../fields';
import { notDemoInterview } from '../demo/demo-filter';
import { PaginationInputShape, paginatedSchema, toPage, type Page } from '../pagination';
import { listAiWithheldInterviewIds } from '../reviews/review-before-ai';
import { findScope, scopeCondition } from './analytics-filter';
import { effectiveScore, effectiveScoreSource, ScoreSourceSchema } from './effective-score';

export const AwaitingDecisionInputSchema = z.strictObject({
  campaignId: idString('Only interviews of this campaign (cmp_…).').optional(),
  jobId: idString('Only interviews for this job (job_…).').optional(),
  ...PaginationInputShape,
});
export type AwaitingDecisionInput = z.infer<typeof AwaitingDecisionInputSchema>;

export const AwaitingDecisionItemSchema = z.object({
  interviewId: z.string(),
  candidate: z
    .object({ id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable()
    .describe('Null when the candidate was erased (the interview stays, anonymous).'),
  job: z.object({ id: z.string(), title: z.string() }),
  campaign: z.object({ id: z.string(), name: z.string() }).nullable().describe('The campaign the interview belongs to; null for an interview outside any campaign.'),
  completedAt: timestampOut(),
  reportStatus: z.enum(['PENDING', 'READY', 'FAILED']).nullable().describe('The interview report: null when none is generated (a stage without reports).'),
  overallScore: z.number().nullable().describe("0–100: a person's review where there is one, else the AI's; null without a READY report or a score."),
  scoreSource: ScoreSourceSchema,
});
export type AwaitingDecisionItem = z.infer<typeof AwaitingDecisionItemSchema>;
export const AwaitingDecisionPageSchema = paginatedSchema(AwaitingDecisionItemSchema);

/** The queue's condition: completed, not a demo, no current decision (a decision superseded by none). */
export function awaitingDecisionCondition(orgId: string): SQL {
  return and(
    eq(interviews.orgId, orgId),
    eq(interviews.status, 'COMPLETED'),
    notDemoInterview,
    sql`not exists (select 1 from ${interviewDecisions} d where d.interview_id = ${interviews.id} and d.org_id = ${orgId} and d.superseded_at is null)`,
  )!;
}

/**
 * "Awaiting your decision" (issue 26): the completed interviews nobody has decided on yet (ADVANCE, HOLD or
 * REJECT), oldest completion first, so the candidate who has waited longest comes first. Demo interviews are not
 * in it; an erased candidate's completed interview is (anonymous: `candidate` null). Optionally within one campaign or job of the organization (another organization's id: 404, as a missing
 * one). For a dashboard user in the "review before you see the AI" mode, the AI's score is withheld from the rows
 * they have not reviewed (their colleague's review still shows), as in the ranking.
 */
export async function listAwaitingDecision(
  db: DbExecutor,
  input: AwaitingDecisionInput & { orgId: string; viewerUserId?: string | null },
): Promise<Page<AwaitingDecisionItem>> {
  const { orgId } = input;
  const conditions: SQL[] = [awaitingDecisionCondition(orgId)];
  if (input.campaignId !== undefined) conditions.push(scopeCondition(await findScope(db, orgId, 'campaignId', input.campaignId)));
  if (input.jobId !== undefined) conditions.push(scopeCondition(await findScope(db, orgId, 'jobId', input.jobId)));
  const where = and(...conditions)!;
  const offset = (input.page - 1) * input.pageSize;

  const [rows, total] = await Promise.all([
    db
      .select({
        interviewId: interviews.id,
        candidate: { id: candidates.id, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName },
        job: { id: jobs.id, title: jobs.title },
        campaignId: campaigns.id,
        campaignName: campaigns.name,
        completedAt: interviews.completedAt,
        reportStatus: reports.status,
        overallScore: effectiveScore.mapWith((v) => (v === null ? null : Number(v))),
        scoreSource: effectiveScoreSource,
      })
      .from(interviews)
      .leftJoin(candidates, and(eq(candidates.id, interviews.candidateId), eq(candidates.orgId, orgId)))
      .innerJoin(jobs, and(eq(jobs.id, interviews.jobId), eq(jobs.orgId, orgId)))
      .leftJoin(campaigns, and(eq(campaigns.id, interviews.campaignId), eq(campaigns.orgId, orgId)))
      .leftJoin(reports, and(eq(reports.interviewId, interviews.id), eq(reports.orgId, orgId)))
      .leftJoin(humanReviews, and(eq(humanReviews.reportId, reports.id), eq(humanReviews.orgId, orgId)))
      .where(where)
      .orderBy(asc(interviews.completedAt), asc(interviews.id))
      .limit(input.pageSize)
      .offset(offset),
    countAwaiting(db, orgId, conditions.length > 1 ? where : null),
  ]);

  const withheld = input.viewerUserId
    ? await listAiWithheldInterviewIds(db, { orgId, userId: input.viewerUserId, interviewIds: rows.filter((r) => r.scoreSource === 'ai').map((r) => r.interviewId) })
    : new Set<string>();
  const items = rows.map(({ campaignId, campaignName, completedAt, candidate, ...row }) => ({
    ...row,
    candidate: candidate?.id ? candidate : null,
    campaign: campaignId === null || campaignName === null ? null : { id: campaignId, name: campaignName },
    completedAt: iso(completedAt ?? new Date(0)),
    ...(withheld.has(row.interviewId) ? { overallScore: null, scoreSource: null } : {}),
  }));
  return toPage(items, Number(total), input.page, input.pageSize);
}

/**
 * How many interviews await a decision. Within a campaign or job: counted. For the whole organization (the overview's
 * card), from figures that need no scan of its completed interviews: the stored COMPLETED count
 * (interview_status_counts, kept by triggers) less the completed demo interviews (a few, on their partial index)
 * less the current decisions on completed real interviews (decisions are only ever taken on completed interviews,
 * and one is current per interview).
 */
async function countAwaiting(db: DbExecutor, orgId: string, scoped: SQL | null): Promise<number> {
  if (scoped) {
    const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(interviews).where(scoped);
    return Number(total);
  }
  const [completed, demo, decided] = await Promise.all([
    db
      .select({ n: interviewStatusCounts.count })
      .from(interviewStatusCounts)
      .where(and(eq(interviewStatusCounts.orgId, orgId), eq(interviewStatusCounts.status, 'COMPLETED'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(interviews)
      .where(and(eq(interviews.orgId, orgId), sql`${interviews.isDemo}`, eq(interviews.status, 'COMPLETED'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(interviewDecisions)
      .innerJoin(interviews, and(eq(interviews.id, interviewDecisions.interviewId), eq(interviews.orgId, orgId)))
      .where(and(eq(interviewDecisions.orgId, orgId), isNull(interviewDecisions.supersededAt), eq(interviews.status, 'COMPLETED'), notDemoInterview)),
  ]);
  return Math.max(0, Number(completed[0]?.n ?? 0) - Number(demo[0]?.n ?? 0) - Number(decided[0]?.n ?? 0));
}
