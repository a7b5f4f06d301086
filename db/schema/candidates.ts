import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export const candidates = pgTable(
  'candidates',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    /** Trimmed and lower-cased on write, so the unique index is case-insensitive. */
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    locale: text('locale').notNull().default('fr'),
    cvUrl: text('cv_url'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    source: text('source'),
    /** The sample candidate of "Run a demo interview" (see interviews.isDemo). */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('candidates_org_email_uq').on(t.orgId, t.email),
    // NULLS FIRST to match the list's `ORDER BY created_at DESC, id DESC` (see interviews.ts).
    index('candidates_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('candidates_tags_idx').using('gin', t.tags),
    // The search in any word order (list-candidates.ts, candidateSearchWhere): each word is an ILIKE '%word%' on these
    // three columns, which a trigram index answers (pg_trgm, loaded in PGlite by db/client.ts).
    index('candidates_search_trgm_idx').using('gin', t.email.op('gin_trgm_ops'), t.firstName.op('gin_trgm_ops'), t.lastName.op('gin_trgm_ops')),
    // The name sort, either way: the same expression as candidateFullName's lower-cased order.
    index('candidates_org_name_idx').on(t.orgId, sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`, t.id),
  ],
);
