import { FunnelTimeseriesInputSchema, FunnelTimeseriesSchema, getFunnelTimeseries } from '@/server/services/analytics/funnel-timeseries';
import { scopedProcedure } from '@/server/trpc';

/** REST v1 (scope reports:read) and the dashboard's Analytics page (every role). */
export const getFunnelTimeseriesProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/analytics/funnel/timeseries',
      tags: ['Analytics'],
      summary: 'The funnel over time: one point per week or month of invitation',
      description:
        "Scope reports:read. By cohort: each interview counts in the period of its invitation (invitedAt, else its creation), and its later steps in that same period. Exactly one of campaignId, jobId, configId (400 otherwise; another organization's id is a 404); interval week (ISO weeks, Monday 00:00 UTC, the default) or month; optional invitedFrom (inclusive) and invitedTo (exclusive) on that date, at most 520 periods. Periods without interviews are zeros.",
    },
  })
  .input(FunnelTimeseriesInputSchema)
  .output(FunnelTimeseriesSchema)
  .query(({ ctx, input }) => getFunnelTimeseries(ctx.db, { orgId: ctx.orgId, ...input }));
