import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { webhookEndpoints } from './webhook-endpoints';
import { webhookEvents } from './webhook-events';

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The delivery log: one row per attempt of one event to one endpoint (PENDING while the request is in flight). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    attempt: integer('attempt').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    /** Our own words for what went wrong (never the receiver's body). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.orgId, t.endpointId, t.createdAt.desc())],
);
