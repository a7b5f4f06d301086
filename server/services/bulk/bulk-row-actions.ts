import { and, eq } from 'drizzle-orm';
import { candidates, type BulkKind, type BulkOutcome, type DecisionStatus } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import type { AuditContext } from '../audit/audit-actor';
import { updateCandidate } from '../candidates/update-candidate';
import { decideInterview } from '../decisions/decide-interview';
import { inviteCandidateToCampaign } from '../interviews/invite-candidate-to-campaign';
import { cancelInterview } from '../invitations/cancel-interview';
import { resendInvitation } from '../invitations/resend-invitation';

/** The arguments of each kind, stored with the operation (`bulk_operations.params`). */
export type BulkParams = {
  'candidates.invite': { campaignId: string; jobId: string; stageId?: string; configId?: string; expiresAt?: string };
  'candidates.tag': { add: string[]; remove: string[] };
  'interviews.resend': Record<string, never>;
  'interviews.cancel': Record<string, never>;
  'interviews.decide': { status: DecisionStatus; reason: string | null; notifyCandidate?: boolean };
};

export type RowOutcome = { outcome: BulkOutcome; reason?: string | null; resultId?: string | null };

type RowContext = { orgId: string; targetId: string; audit: AuditContext; userId: string };

/**
 * One row of each kind, through the single-item service the dashboard's one-row action calls (one logic in one
 * place: the same checks, audit entries and webhook events). Called inside the row's transaction.
 */
export const BULK_ROW_ACTIONS: { [K in BulkKind]: (tx: DbExecutor, row: RowContext, params: BulkParams[K]) => Promise<RowOutcome> } = {
  'candidates.invite': async (tx, row, params) => {
    const result = await inviteCandidateToCampaign(tx, {
      orgId: row.orgId,
      candidateId: row.targetId,
      audit: row.audit,
      campaignId: params.campaignId,
      jobId: params.jobId,
      stageId: params.stageId,
      configId: params.configId,
      expiresAt: params.expiresAt ? new Date(params.expiresAt) : undefined,
    });
    return result.outcome === 'created'
      ? { outcome: 'ok', resultId: result.interviewId }
      : { outcome: 'skipped', reason: result.reason, resultId: result.interviewId };
  },
  'candidates.tag': async (tx, row, params) => {
    if (!isIdOf('candidate', row.targetId)) throw notFound('Candidate');
    const [candidate] = await tx
      .select({ tags: candidates.tags })
      .from(candidates)
      .where(and(eq(candidates.orgId, row.orgId), eq(candidates.id, row.targetId)))
      .for('update');
    if (!candidate) throw notFound('Candidate');
    const next = [...new Set([...candidate.tags.filter((t) => !params.remove.includes(t)), ...params.add])];
    const unchanged = next.length === candidate.tags.length && next.every((t) => candidate.tags.includes(t));
    if (unchanged) return { outcome: 'skipped', reason: params.add.length > 0 ? 'Already tagged so' : 'Had none of these tags' };
    if (next.length > 50) return { outcome: 'failed', reason: 'A candidate has at most 50 tags' };
    await updateCandidate(tx, { orgId: row.orgId, id: row.targetId, tags: next, audit: row.audit });
    return { outcome: 'ok' };
  },
  'interviews.resend': async (tx, row) => {
    await resendInvitation(tx, { orgId: row.orgId, id: row.targetId, audit: row.audit });
    return { outcome: 'ok' };
  },
  'interviews.cancel': async (tx, row) => {
    await cancelInterview(tx, { orgId: row.orgId, id: row.targetId, audit: row.audit });
    return { outcome: 'ok' };
  },
  'interviews.decide': async (tx, row, params) => {
    // The operation's user decides each row, as the single decide records its caller: never the service itself.
    await decideInterview(tx, {
      orgId: row.orgId,
      id: row.targetId,
      status: params.status,
      reason: params.reason,
      actor: { type: 'user', id: row.userId },
      requestId: row.audit.requestId,
      notifyCandidate: params.notifyCandidate ?? false,
    });
    return { outcome: 'ok' };
  },
};

