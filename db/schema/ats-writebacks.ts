import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { atsOrders } from './ats-orders';
import { organizations } from './organizations';

export const ATS_WRITEBACK_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export type AtsWritebackStatus = (typeof ATS_WRITEBACK_STATUSES)[number];

/**
 * The outbox of calls to an ATS: one row per thing to tell it (`kind`, e.g. `completed`), unique per order and
 * kind so that it is told once, written in the transaction of the change, delivered by the `ats-writeback` job.
 */
export const atsWritebacks = pgTable(
  'ats_writebacks',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    orderId: text('order_id')
      .notNull()
      .references(() => atsOrders.id),
    kind: text('kind').notNull(),
    status: text('status').$type<AtsWritebackStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A retry from the dashboard starts a new series of attempts (its jobs need ids of their own). */
    series: integer('series').notNull().default(0),
    responseStatus: integer('response_status'),
    /** Our own words for what went wrong (never the ATS's body). */
    error: text('error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ats_writebacks_order_kind_idx').on(t.orderId, t.kind), index('ats_writebacks_org_idx').on(t.orgId, t.createdAt)],
);
