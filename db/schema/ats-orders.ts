import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { atsCredentials } from './ats-credentials';
import { ATS_KINDS } from './ats-kinds';
import { atsTestMappings } from './ats-test-mappings';
import { interviews } from './interviews';
import { organizations } from './organizations';

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
