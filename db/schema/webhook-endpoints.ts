import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

/**
 * Where an organization wants its events (CONTRACT §10). The signing secret is stored as given (`whsec_…`): the
 * service must sign with it, so a hash cannot do, and encrypting it with a key held in the same environment as
 * the database credentials would add a key to rotate without keeping it from anyone who can read both. It is
 * shown only on create and rotate, never in a read, a log or the dashboard after that.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    url: text('url').notNull(),
    description: text('description'),
    /** Event types from the catalog, or ["*"] for all of them. */
    eventTypes: text('event_types').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    /** Why the service disabled it (deliveries failed for the whole retry window); null when a user did. */
    disabledReason: text('disabled_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId, t.createdAt)],
);
