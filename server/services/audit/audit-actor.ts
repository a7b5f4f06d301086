import type { AuditActorType } from '@/db/schema';
import type { Principal } from '@/server/auth/principal';

export type AuditActor = { type: AuditActorType; id: string };

/** Who acts and under which request id: what every audited service receives from its caller. */
export type AuditContext = { actor: AuditActor; requestId: string | null };

/** The actor of a tRPC principal: a recruiter's session acts as its user, an API key as itself. */
export function auditActorOf(principal: Principal): AuditActor {
  return principal.kind === 'recruiter' ? { type: 'user', id: principal.userId } : { type: 'api_key', id: principal.apiKeyId };
}

/**
 * Work the service does by itself (jobs, schedules) or an operator does from the CLI. Audited services default to
 * this when their caller names no actor, so an action is never left out of the log.
 */
export function systemAudit(id: 'retention' | 'cli' | 'service' = 'service', requestId: string | null = null): AuditContext {
  return { actor: { type: 'system', id }, requestId };
}
