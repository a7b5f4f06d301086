import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'agent', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * Who did what to which record, when, from which request: append-only. A trigger (migration
 * audit-events-append-only) refuses every UPDATE and DELETE, so not even the application can rewrite history.
 * `details` never holds personal data (ids, counts, field names, statuses only): entries survive a candidate's
 * erasure unchanged because there is nothing in them to erase.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    actorType: text('actor_type').$type<AuditActorType>().notNull(),
    actorId: text('actor_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS FIRST to match `ORDER BY created_at DESC, id DESC` (see interviews.ts).
    index('audit_events_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_events_org_target_idx').on(t.orgId, t.targetId),
    index('audit_events_org_action_idx').on(t.orgId, t.action, t.createdAt.desc().nullsFirst()),
  ],
);
