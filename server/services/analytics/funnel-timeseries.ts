import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { interviewDecisions, interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { rowsOf, sqlInstant } from '@/db/rows';
import { AppError } from '@/server/errors';
import { isoDateTime } from '../fields';
import { notDemoInterview } from '../demo/demo-filter';
import { AnalyticsFilterShape, findScope, scopeCondition, SCOPE_FIELDS } from './analytics-filter';

export const FUNNEL_INTERVALS = ['week', 'month'] as const;
export type FunnelInterval = (typeof FUNNEL_INTERVALS)[number];

/** At most this many periods when the caller bounds the axis (ten years of weeks). */
export const MAX_PERIODS = 520;

export const FunnelTimeseriesInputSchema = z.strictObject({
  campaignId: AnalyticsFilterShape.campaignId,
  jobId: AnalyticsFilterShape.jobId,
  configId: AnalyticsFilterShape.configId,
  interval: z.enum(FUNNEL_INTERVALS, 'Must be week or month').default('week').describe('The period: week (Monday 00:00 UTC) or month (the 1st, 00:00 UTC). Default week.'),
  invitedFrom: isoDateTime().optional().describe('Only interviews invited at or after this ISO 8601 date-time; the first period is the one holding it.'),
  invitedTo: isoDateTime().optional().describe('Only interviews invited before this ISO 8601 date-time; the last period is the one holding the instant just before it.'),
});
export type FunnelTimeseriesInput = z.infer<typeof FunnelTimeseriesInputSchema>;

const count = (what: string) => z.number().int().describe(what);

export const FunnelPointSchema = z.object({
  periodStart: z.string().describe('ISO 8601 UTC start of the period (a Monday for weeks, the 1st for months).'),
  invited: count('Interviews of the cohort whose invitation was sent.'),
  opened: count('Of the cohort, interviews whose link was opened at least once.'),
  started: count('Of the cohort, interviews the candidate started.'),
  completed: count('Of the cohort, completed interviews.'),
  decided: count('Of the cohort, interviews with a current decision.'),
  advanced: count('Of the cohort, interviews whose current decision is ADVANCE.'),
  completionRate: z.number().nullable().describe('completed / started, 0–1; null when none started.'),
});
export const FunnelTimeseriesSchema = z.object({
  interval: z.enum(FUNNEL_INTERVALS),
  points: z
    .array(FunnelPointSchema)
    .describe('One point per period, oldest first, without gaps (empty periods are zeros): from the first cohort (or invitedFrom) to the last (or invitedTo).'),
});
export type FunnelTimeseries = z.infer<typeof FunnelTimeseriesSchema>;

/**
 * The funnel over time, by cohort (docs/DECISIONS.md, "Funnel over time"): each interview belongs to the period of
 * its invitation (invitedAt; an interview never sent, to the period it was created), and its later steps count in
 * that same period whenever they happened. So a period's completion rate is that of the candidates invited then,
 * and the points add up to the funnel's totals. Periods are UTC weeks (ISO, from Monday) or months. Demo
 * interviews are left out, as from every figure.
 */
export async function getFunnelTimeseries(db: DbExecutor, input: FunnelTimeseriesInput & { orgId: string }): Promise<FunnelTimeseries> {
  const { orgId } = input;
  const given = SCOPE_FIELDS.filter((field) => input[field] !== undefined);
  if (given.length !== 1) {
    const message = given.length === 0 ? 'Give exactly one of campaignId, jobId, configId' : `Give only one of campaignId, jobId, configId (got ${given.join(', ')})`;
    throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: (given.length === 0 ? SCOPE_FIELDS : given).map((path) => ({ path, message })) });
  }
  const { invitedFrom, invitedTo, interval } = input;
  if (invitedFrom && invitedTo && invitedFrom.getTime() >= invitedTo.getTime()) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: 'invitedTo', message: 'Must be after invitedFrom' }] });
  }
  if (invitedFrom && invitedTo && periodsBetween(invitedFrom, invitedTo, interval) > MAX_PERIODS) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', {
      issues: [{ path: 'invitedTo', message: `At most ${MAX_PERIODS} periods: narrow the range or use interval=month` }],
    });
  }
  const scope = await findScope(db, orgId, given[0], input[given[0]]!);

  const cohortAt = sql`coalesce(${interviews.invitedAt}, ${interviews.createdAt})`;
  const unit = sql.raw(`'${interval}'`);
  const period = sql`date_trunc(${unit}, ${cohortAt} at time zone 'UTC')`;
  const conditions: SQL[] = [eq(interviews.orgId, orgId), scopeCondition(scope), notDemoInterview];
  if (invitedFrom) conditions.push(gte(cohortAt, sqlInstant(invitedFrom)));
  if (invitedTo) conditions.push(lt(cohortAt, sqlInstant(invitedTo)));

  const counted = db
    .select({
      period: sql`${period}`.as('period'),
      invited: sql`count(*) filter (where ${interviews.invitedAt} is not null)`.as('invited'),
      opened: sql`count(*) filter (where ${interviews.openedAt} is not null)`.as('opened'),
      started: sql`count(*) filter (where ${interviews.startedAt} is not null)`.as('started'),
      completed: sql`count(*) filter (where ${interviews.status} = 'COMPLETED')`.as('completed'),
      decided: sql`count(${interviewDecisions.id})`.as('decided'),
      advanced: sql`count(*) filter (where ${interviewDecisions.status} = 'ADVANCE')`.as('advanced'),
    })
    .from(interviews)
    // The current decision (the one row not superseded), the organization on the join too, as in the funnel.
    .leftJoin(
      interviewDecisions,
      and(eq(interviewDecisions.interviewId, interviews.id), eq(interviewDecisions.orgId, interviews.orgId), isNull(interviewDecisions.supersededAt)),
    )
    .where(and(...conditions))
    .groupBy(sql`1`);

  // The axis: every period from the first to the last, empty ones included (the caller's bounds when given).
  const first = invitedFrom ? sql`date_trunc(${unit}, ${sqlInstant(invitedFrom)} at time zone 'UTC')` : sql`(select min(period) from counted)`;
  const last = invitedTo
    ? sql`date_trunc(${unit}, (${sqlInstant(invitedTo)} - interval '1 microsecond') at time zone 'UTC')`
    : sql`(select max(period) from counted)`;
  const result = await db.execute(sql`
    with counted as (${counted})
    select to_char(axis.period, 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as period_start,
      coalesce(c.invited, 0)::int as invited, coalesce(c.opened, 0)::int as opened, coalesce(c.started, 0)::int as started,
      coalesce(c.completed, 0)::int as completed, coalesce(c.decided, 0)::int as decided, coalesce(c.advanced, 0)::int as advanced
    from generate_series(${first}, ${last}, ${sql.raw(`interval '1 ${interval}'`)}) as axis(period)
    left join counted c on c.period = axis.period
    order by axis.period`);

  type Row = { period_start: string; invited: number; opened: number; started: number; completed: number; decided: number; advanced: number };
  return {
    interval,
    points: rowsOf<Row>(result).map((r) => {
      const started = Number(r.started);
      const completed = Number(r.completed);
      return {
        periodStart: r.period_start,
        invited: Number(r.invited),
        opened: Number(r.opened),
        started,
        completed,
        decided: Number(r.decided),
        advanced: Number(r.advanced),
        completionRate: started > 0 ? completed / started : null,
      };
    }),
  };
}

/** How many periods the axis from `from` to just before `to` spans (UTC), to refuse an absurd range before querying. */
export function periodsBetween(from: Date, to: Date, interval: FunnelInterval): number {
  const end = new Date(to.getTime() - 1);
  if (interval === 'month') return (end.getUTCFullYear() - from.getUTCFullYear()) * 12 + end.getUTCMonth() - from.getUTCMonth() + 1;
  const monday = (d: Date) => {
    const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    return day - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  };
  return Math.round((monday(end) - monday(from)) / (7 * 86_400_000)) + 1;
}
