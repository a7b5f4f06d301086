import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * The outbox of webhook events: one row per change, written in the transaction of the change, with the exact
 * body every delivery of it sends (`{ type, timestamp, data }` as JSON text: jsonb would reorder its keys, and a
 * replay sends the very same bytes). `webhook-id` is the row's id.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    type: text('type').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_org_idx').on(t.orgId, t.createdAt)],
);
