import { AnalyticsFilterInputSchema } from '@/server/services/analytics/analytics-filter';
import { FunnelSchema, getFunnel } from '@/server/services/analytics/funnel';
import { scopedProcedure } from '@/server/trpc';

/** REST v1 (scope reports:read) and the dashboard's Analytics page (every role: viewers hold reports:read). */
export const getFunnelProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/analytics/funnel',
      tags: ['Analytics'],
      summary: 'How far candidates got: invited, opened, consented, started, completed, decided',
      description:
        "Scope reports:read. Exactly one of campaignId, jobId, configId (400 otherwise; another organization's id is a 404). Optional from (inclusive) and to (exclusive) on the interview's completedAt: with either, only interviews completed in that window are counted.",
    },
  })
  .input(AnalyticsFilterInputSchema)
  .output(FunnelSchema)
  .query(({ ctx, input }) => getFunnel(ctx.db, { orgId: ctx.orgId, filter: input }));
