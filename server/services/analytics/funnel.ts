import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { interviewDecisions, interviews, turns } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { resolveAnalyticsFilter, type AnalyticsFilterInput } from './analytics-filter';

const count = (what: string) => z.number().int().describe(what);

export const FunnelSchema = z.object({
  invited: count('Interviews whose invitation was sent (invitedAt set).'),
  opened: count('Interviews whose invitation link was opened at least once (the invitation page loaded while the link could be used).'),
  consented: count('Interviews where the candidate acknowledged the notice on the invitation page.'),
  started: count('Interviews the candidate started.'),
  completed: count('Completed interviews.'),
  decided: count('Interviews with a current decision (ADVANCE, HOLD or REJECT).'),
  advanced: count('Interviews whose current decision is ADVANCE.'),
  rated: count('Completed interviews whose candidate rated the interview afterwards (the optional one-question rating on the thank-you page).'),
  satisfaction: z.number().nullable().describe('Average of those ratings, 1 (very poor) to 5 (very good), to one decimal; null when none rated.'),
  completionRate: z.number().nullable().describe('completed / started, 0–1; null when none started.'),
  medianMinutesToComplete: z
    .number()
    .nullable()
    .describe('Median of completedAt − startedAt over completed interviews, in minutes to one decimal; null when none completed.'),
  dropOff: z
    .array(
      z.object({
        questionIndex: z.number().int().describe('How many questions the candidate had answered when they left (0: none).'),
        abandoned: count('Interviews started and not completed whose last answer was that question.'),
      }),
    )
    .describe('Started interviews not completed (cancelled, expired or still in progress), by the last question answered; ascending, only indexes with at least one.'),
});
export type Funnel = z.infer<typeof FunnelSchema>;

/**
 * GET /analytics/funnel (CONTRACT §14): how far the candidates in the filter got. Every step is read from what the
 * product records on the interview as it happens (invitedAt, openedAt, consentedAt, startedAt, completedAt), the
 * current decision (the one row not superseded), and the candidate's turns: each candidate turn is an answer.
 */
export async function getFunnel(db: DbExecutor, input: { orgId: string; filter: AnalyticsFilterInput }): Promise<Funnel> {
  const filter = await resolveAnalyticsFilter(db, input.orgId, input.filter);
  const completed = sql`${interviews.status} = 'COMPLETED'`;
  const [totals] = await db
    .select({
      invited: sql<number>`count(*) filter (where ${interviews.invitedAt} is not null)`.mapWith(Number),
      opened: sql<number>`count(*) filter (where ${interviews.openedAt} is not null)`.mapWith(Number),
      consented: sql<number>`count(*) filter (where ${interviews.consentedAt} is not null)`.mapWith(Number),
      started: sql<number>`count(*) filter (where ${interviews.startedAt} is not null)`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${completed})`.mapWith(Number),
      decided: sql<number>`count(${interviewDecisions.id})`.mapWith(Number),
      rated: sql<number>`count(${interviews.satisfactionScore})`.mapWith(Number),
      satisfaction: sql<number | null>`avg(${interviews.satisfactionScore})`.mapWith((v) => (v === null ? null : Number(v))),
      advanced: sql<number>`count(*) filter (where ${interviewDecisions.status} = 'ADVANCE')`.mapWith(Number),
      medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${interviews.completedAt} - ${interviews.startedAt})) filter (where ${completed} and ${interviews.startedAt} is not null and ${interviews.completedAt} is not null)`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(interviews)
    // The org on the join too: a decision row is only ever read within its own organization.
    .leftJoin(
      interviewDecisions,
      and(eq(interviewDecisions.interviewId, interviews.id), eq(interviewDecisions.orgId, interviews.orgId), isNull(interviewDecisions.supersededAt)),
    )
    .where(filter.where);

  const answered = sql<number>`(select count(*) from ${turns} where ${turns.interviewId} = ${interviews.id} and ${turns.orgId} = ${interviews.orgId} and ${turns.role} = 'candidate')`;
  const dropOffRows = await db
    .select({ questionIndex: answered.mapWith(Number), abandoned: sql<number>`count(*)`.mapWith(Number) })
    .from(interviews)
    .where(and(filter.where, sql`${interviews.startedAt} is not null`, sql`${interviews.status} <> 'COMPLETED'`))
    .groupBy(sql`1`)
    .orderBy(sql`1`);

  return {
    invited: totals.invited,
    opened: totals.opened,
    consented: totals.consented,
    started: totals.started,
    completed: totals.completed,
    decided: totals.decided,
    advanced: totals.advanced,
    rated: totals.rated,
    satisfaction: totals.satisfaction === null ? null : Math.round(totals.satisfaction * 10) / 10,
    completionRate: totals.started > 0 ? totals.completed / totals.started : null,
    medianMinutesToComplete: totals.medianSeconds === null ? null : Math.round((totals.medianSeconds / 60) * 10) / 10,
    dropOff: dropOffRows,
  };
}
