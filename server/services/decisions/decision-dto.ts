import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { interviewDecisions, type DecidedByType, type DecisionStatus } from '@/db/schema';
import type { DecisionDto } from './decision-schemas';

type RawDecision = { status: DecisionStatus; reason: string | null; decidedAt: string; byType: DecidedByType; byId: string };

/**
 * The interview's current decision as one JSON value (null when nobody decided), read by a correlated subquery
 * on the partial unique index: every interview read can select it without another join. The organization is in
 * the subquery too, so a decision never crosses tenants even if an id did.
 */
export function currentDecisionSql(interviewId: AnyColumn, orgId: AnyColumn): SQL<RawDecision | null> {
  return sql<RawDecision | null>`(select jsonb_build_object(
      'status', d.status, 'reason', d.reason, 'decidedAt', d.decided_at, 'byType', d.decided_by_type, 'byId', d.decided_by_id)
    from ${interviewDecisions} d
    where d.interview_id = ${interviewId} and d.org_id = ${orgId} and d.superseded_at is null)`;
}

export function toDecisionDto(raw: RawDecision | string | null | undefined): DecisionDto | null {
  if (raw === null || raw === undefined) return null;
  // Drivers hand jsonb back parsed; a driver that gives text is handled the same way.
  const value: RawDecision = typeof raw === 'string' ? (JSON.parse(raw) as RawDecision) : raw;
  return {
    status: value.status,
    reason: value.reason,
    decidedAt: new Date(value.decidedAt).toISOString(),
    decidedBy: { type: value.byType, id: value.byId },
  };
}
