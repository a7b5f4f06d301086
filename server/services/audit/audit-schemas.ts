import { z } from 'zod';
import { AUDIT_ACTOR_TYPES } from '@/db/schema';
import { isoDateTime, timestampOut } from '../fields';
import { PaginationInputShape } from '../pagination';
import { AUDIT_ACTIONS } from './audit-actions';

export const AuditEventSchema = z.object({
  id: z.string().describe('Audit event id (aud_…).'),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES).describe('user (a recruiter in the dashboard), api_key, agent (the voice agent) or system (jobs, the operator CLI).'),
    id: z.string().describe('usr_… for a user, key_… for an API key, the agent credential kind, or the system task.'),
  }),
  action: z.string().describe('What was done, `<target type>.<past tense>`, e.g. candidate.erased.'),
  targetType: z.string().describe('The kind of record acted on.'),
  targetId: z.string().nullable().describe('The record acted on (an id), or null.'),
  requestId: z.string().nullable().describe('The request (X-Request-Id) that did it; null for background jobs.'),
  createdAt: timestampOut(),
  details: z.record(z.string(), z.unknown()).describe('Ids, counts, field names and statuses; never personal data.'),
});
export type AuditEventDto = z.infer<typeof AuditEventSchema>;

export const AuditFilterShape = {
  action: z.enum(AUDIT_ACTIONS).optional().describe('Only this action.'),
  targetId: z.string().max(100, 'Must be at most 100 characters').optional().describe('Only events about this record (any id: cnd_…, itv_…, key_…).'),
  since: isoDateTime().optional().describe('Only events at or after this ISO 8601 date-time.'),
  until: isoDateTime().optional().describe('Only events before this ISO 8601 date-time.'),
};

export const ListAuditEventsInputSchema = z.strictObject({ ...PaginationInputShape, ...AuditFilterShape });
export type AuditFilter = { action?: string; targetId?: string; since?: Date; until?: Date };
