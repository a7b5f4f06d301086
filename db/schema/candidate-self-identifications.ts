import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { candidates } from './candidates';
import { organizations } from './organizations';

/**
 * The categories of a bias audit (CONTRACT §14, the EEO-1 categories New York City's Local Law 144 uses). A
 * candidate's answer is one of them, "declined" (they chose "prefer not to say"), or null (not answered).
 */
export const SELF_IDENTIFIED_SEXES = ['female', 'male'] as const;
export type SelfIdentifiedSex = (typeof SELF_IDENTIFIED_SEXES)[number];
export const SELF_IDENTIFIED_RACES_ETHNICITIES = [
  'hispanic_latino',
  'white',
  'black_african_american',
  'native_hawaiian_pacific_islander',
  'asian',
  'american_indian_alaska_native',
  'two_or_more',
] as const;
export type SelfIdentifiedRaceEthnicity = (typeof SELF_IDENTIFIED_RACES_ETHNICITIES)[number];
export const DECLINED = 'declined';

/**
 * A candidate's voluntary self-identification, kept apart from the candidate row on purpose: special-category data
 * (GDPR Art. 9) read only by the bias audit's aggregates and by the candidate's own access export. No query that
 * builds a candidate, interview, report, export or webhook payload, nor any model request, joins this table. The
 * row goes with the candidate: erasure deletes it, and the foreign key cascades should any other path delete a
 * candidate row.
 */
export const candidateSelfIdentifications = pgTable(
  'candidate_self_identifications',
  {
    orgId: text('org_id').notNull().references(() => organizations.id),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    sex: text('sex').$type<SelfIdentifiedSex | typeof DECLINED>(),
    raceEthnicity: text('race_ethnicity').$type<SelfIdentifiedRaceEthnicity | typeof DECLINED>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.candidateId] }),
    index('candidate_self_identifications_candidate_idx').on(t.candidateId),
    check('candidate_self_identifications_sex_check', sql`${t.sex} in ('female', 'male', 'declined')`),
    check(
      'candidate_self_identifications_race_ethnicity_check',
      sql`${t.raceEthnicity} in ('hispanic_latino', 'white', 'black_african_american', 'native_hawaiian_pacific_islander', 'asian', 'american_indian_alaska_native', 'two_or_more', 'declined')`,
    ),
  ],
);
