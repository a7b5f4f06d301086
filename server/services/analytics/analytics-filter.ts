import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { campaigns, interviewConfigs, interviews, jobs } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, notFound } from '@/server/errors';
import { isoDateTime } from '../fields';
import { notDemoInterview } from '../demo/demo-filter';

/**
 * The filters every analytics figure takes (CONTRACT §14): exactly one of campaignId, jobId, configId, and an
 * optional window on the interview's completedAt, `from` inclusive and `to` exclusive (as `since`/`until` in the
 * audit log), so that consecutive windows never count an interview twice.
 */
export const AnalyticsFilterShape = {
  campaignId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').optional().describe('Only interviews of this campaign (cmp_…).'),
  jobId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').optional().describe('Only interviews for this job (job_…).'),
  configId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').optional().describe('Only interviews conducted with this configuration (cfg_…).'),
  from: isoDateTime().optional().describe("Only interviews completed at or after this ISO 8601 date-time (the interview's completedAt)."),
  to: isoDateTime().optional().describe("Only interviews completed before this ISO 8601 date-time (the interview's completedAt)."),
};

export const AnalyticsFilterInputSchema = z.strictObject(AnalyticsFilterShape);
export type AnalyticsFilterInput = z.infer<typeof AnalyticsFilterInputSchema>;

export type AnalyticsScope = { kind: 'campaign' | 'job' | 'config'; id: string };

/** A filter checked against the organization: the interviews it selects, as one condition on `interviews`. */
export type ResolvedAnalyticsFilter = { scope: AnalyticsScope; from: Date | null; to: Date | null; where: SQL };

export const SCOPE_FIELDS = ['campaignId', 'jobId', 'configId'] as const;

/**
 * Checks the shape rules zod cannot express on a query string (exactly one scope, `from` before `to`: a 400 naming
 * the fields) and that the scope exists in the organization: another organization's id is a 404 worded exactly as
 * a missing one, because the lookup itself carries the organization.
 */
export async function resolveAnalyticsFilter(db: DbExecutor, orgId: string, input: AnalyticsFilterInput): Promise<ResolvedAnalyticsFilter> {
  const given = SCOPE_FIELDS.filter((field) => input[field] !== undefined);
  if (given.length !== 1) {
    const message = given.length === 0 ? 'Give exactly one of campaignId, jobId, configId' : `Give only one of campaignId, jobId, configId (got ${given.join(', ')})`;
    throw new AppError('VALIDATION_ERROR', 'Validation failed', {
      issues: (given.length === 0 ? SCOPE_FIELDS : given).map((path) => ({ path, message })),
    });
  }
  if (input.from && input.to && input.from.getTime() >= input.to.getTime()) {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: 'to', message: 'Must be after from' }] });
  }
  const scope = await findScope(db, orgId, given[0], input[given[0]]!);
  // Demo interviews are in no figure (services/demo/demo-filter.ts).
  const conditions: SQL[] = [eq(interviews.orgId, orgId), scopeCondition(scope), notDemoInterview];
  if (input.from) conditions.push(gte(interviews.completedAt, input.from));
  if (input.to) conditions.push(lt(interviews.completedAt, input.to));
  return { scope, from: input.from ?? null, to: input.to ?? null, where: and(...conditions)! };
}

/** The scope looked up within the organization: another organization's id is a 404 worded as a missing one. */
export async function findScope(db: DbExecutor, orgId: string, field: (typeof SCOPE_FIELDS)[number], id: string): Promise<AnalyticsScope> {
  switch (field) {
    case 'campaignId': {
      const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.orgId, orgId)));
      if (!row) throw notFound('Campaign');
      return { kind: 'campaign', id };
    }
    case 'jobId': {
      const [row] = await db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.id, id), eq(jobs.orgId, orgId)));
      if (!row) throw notFound('Job');
      return { kind: 'job', id };
    }
    case 'configId': {
      const [row] = await db
        .select({ id: interviewConfigs.id })
        .from(interviewConfigs)
        .where(and(eq(interviewConfigs.id, id), eq(interviewConfigs.orgId, orgId)));
      if (!row) throw notFound('Interview configuration');
      return { kind: 'config', id };
    }
  }
}

export function scopeCondition(scope: AnalyticsScope): SQL {
  switch (scope.kind) {
    case 'campaign':
      return eq(interviews.campaignId, scope.id);
    case 'job':
      return eq(interviews.jobId, scope.id);
    case 'config':
      return eq(interviews.configId, scope.id);
  }
}
