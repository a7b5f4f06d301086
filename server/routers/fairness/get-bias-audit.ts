import { BiasAuditInputSchema, BiasAuditSchema } from '@/server/services/fairness/bias-audit-schemas';
import { getBiasAudit } from '@/server/services/fairness/get-bias-audit';
import { scopedProcedure } from '@/server/trpc';

/** REST v1 (scope reports:read) and the dashboard's bias-audit page (every role: viewers read reports too). */
export const getBiasAuditProcedure = scopedProcedure('reports:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/analytics/bias-audit',
      tags: ['Analytics'],
      summary: 'Bias audit: scoring or selection rates per sex, race/ethnicity and their intersection',
      description:
        "Scope reports:read. Exactly one of campaignId, jobId, configId (400 otherwise; another organization's is 404), optional from (inclusive) and to (exclusive) on the interview's completedAt. Sample: each candidate's latest completed interview in the filter; basis=score (default) keeps those whose report has an AI overall score and rates the share strictly above the sample's median score (NYC Local Law 144's scoring rate); basis=decision keeps those with a current decision and rates the share decided ADVANCE. Per category: n, rate, impact ratio (against the highest rate of the dimension's categories that are not excluded), excluded (under 2 % of the candidates with a known value in the dimension), and a two-sided Fisher exact test against the rest. Candidates who declined or did not answer count in `unknown`. Only aggregates: no candidate is ever named.",
    },
  })
  .input(BiasAuditInputSchema)
  .output(BiasAuditSchema)
  .query(({ ctx, input }) => getBiasAudit(ctx.db, { orgId: ctx.orgId, ...input }));
