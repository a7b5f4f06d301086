import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export type ConfigQuestion = { id: string; text: string; criterion?: string };
export type ConfigCriterion = { key: string; label: string; weight: number };

/** How an interview is conducted and scored: its questions, weighted criteria and language. */
export const interviewConfigs = pgTable(
  'interview_configs',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    name: text('name').notNull(),
    locale: text('locale').notNull().default('fr'),
    /**
     * Other languages the candidate may take this interview in (issue 25/26, the candidate's language switcher):
     * the page, notice, emails and the interviewer's own words switch; the questions stay as written.
     */
    extraLocales: text('extra_locales').array().notNull().default(sql`'{}'::text[]`),
    questions: jsonb('questions').$type<ConfigQuestion[]>().notNull().default([]),
    criteria: jsonb('criteria').$type<ConfigCriterion[]>().notNull().default([]),
    /** Used when the interview has no stage; a stage's own setting wins. */
    generateReport: boolean('generate_report').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interview_configs_org_idx').on(t.orgId, t.createdAt.desc())],
);
