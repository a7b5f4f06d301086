import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { interviewConfigs } from './interview-configs';
import { interviews } from './interviews';
import { organizations } from './organizations';
import { stages } from './stages';

/** The applicant tracking systems whose partner protocols the service speaks (CONTRACT §15). */
export const ATS_KINDS = ['greenhouse', 'ashby', 'workable', 'lever'] as const;
export type AtsKind = (typeof ATS_KINDS)[number];

/**
 * A credential an ATS presents when it calls us for one organization (Greenhouse: the Basic-auth username). The
 * plaintext is shown once; only its SHA-256 (looked up by digest, as API keys are) and a display prefix are kept.
 * An organization may hold several per ATS (to rotate: create the new one, give it to the ATS, revoke the old).
 */
export const atsCredentials = pgTable(
  'ats_credentials',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    ats: text('ats', { enum: ATS_KINDS }).notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ats_credentials_org_idx').on(t.orgId, t.ats, t.createdAt)],
);

/**
 * One test the ATS may order (Greenhouse's `partner_test_id` is this row's id, its `partner_test_name` the name):
 * what an order of it becomes here, a campaign (hence its job), optionally a stage of it and a configuration.
 */
export const atsTestMappings = pgTable(
  'ats_test_mappings',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    ats: text('ats', { enum: ATS_KINDS }).notNull(),
    name: text('name').notNull(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    stageId: text('stage_id').references(() => stages.id),
    configId: text('config_id').references(() => interviewConfigs.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ats_test_mappings_org_idx').on(t.orgId, t.ats, t.createdAt)],
);

/**
 * What an ATS ordered: one interview (its id is what the ATS keeps, e.g. Greenhouse's `partner_interview_id`), with
 * where to tell the ATS about it. `callbackAuth` is the credential the ATS expects on its callback (Greenhouse: the
 * same key it presented), encrypted like provider keys; both go when the candidate is erased.
 */
export const atsOrders = pgTable(
  'ats_orders',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    ats: text('ats', { enum: ATS_KINDS }).notNull(),
    credentialId: text('credential_id').references(() => atsCredentials.id),
    mappingId: text('mapping_id').references(() => atsTestMappings.id, { onDelete: 'set null' }),
    interviewId: text('interview_id')
      .notNull()
      .references(() => interviews.id),
    /** Like interviews' candidateId, kept as an anonymous key once the candidate is erased (no foreign key). */
    candidateId: text('candidate_id'),
    callbackUrl: text('callback_url'),
    callbackAuth: text('callback_auth'),
    /** The ATS's own reference for what it ordered, when it gives one (not personal data). */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ats_orders_interview_idx').on(t.interviewId), index('ats_orders_org_idx').on(t.orgId, t.createdAt)],
);

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
