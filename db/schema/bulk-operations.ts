import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const BULK_KINDS = ['candidates.invite', 'candidates.tag', 'interviews.resend', 'interviews.cancel', 'interviews.decide'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];
export const BULK_STATUSES = ['queued', 'running', 'completed'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
export const BULK_OUTCOMES = ['ok', 'skipped', 'failed'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

/**
 * One bulk action of a recruiter over a resolved selection (ids, or a filter resolved on the server when the
 * operation was created). `params` are the action's arguments (campaign, tags, decision); the counters are
 * kept in the transaction of each row, so they always equal the rows with an outcome.
 */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    kind: text('kind').$type<BulkKind>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<BulkStatus>().notNull().default('queued'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The user who started it: every row acts as them (decisions stay a person's act). */
    createdBy: text('created_by').notNull(),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('bulk_operations_org_created_idx').on(t.orgId, t.createdAt)],
);

/**
 * One row of a bulk operation: its target and, once worked, its outcome. A row's outcome is written in the
 * transaction of the row's action, so a retried job skips exactly the rows that committed.
 */
export const bulkOperationItems = pgTable(
  'bulk_operation_items',
  {
    operationId: text('operation_id')
      .notNull()
      .references(() => bulkOperations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orgId: text('org_id').notNull(),
    /** A candidate id (cnd_…) or an interview id (itv_…): ids only, no personal data. */
    targetId: text('target_id').notNull(),
    outcome: text('outcome').$type<BulkOutcome>(),
    /** Why a row was skipped or failed (a fixed message, never personal data); the created interview for invites. */
    reason: text('reason'),
    resultId: text('result_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.position] })],
);
