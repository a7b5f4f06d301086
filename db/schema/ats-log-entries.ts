import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ATS_KINDS } from './ats-kinds';
import { organizations } from './organizations';

/**
 * The log an admin reads: each call the ATS made to us and each call we made to it, with its HTTP status, time and
 * our own description of an error. No bodies: what the ATS sent lives on as the records it created.
 */
export const atsLogEntries = pgTable(
  'ats_log_entries',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    ats: text('ats', { enum: ATS_KINDS }).notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull(),
    operation: text('operation').notNull(),
    orderId: text('order_id'),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ats_log_entries_org_idx').on(t.orgId, t.ats, t.createdAt.desc())],
);
