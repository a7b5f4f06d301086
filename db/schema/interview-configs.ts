import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';

export type ConfigQuestion = { id: string; text: string; criterion?: string };
/** An anchored rating scale: what a low (2), a middling (5) and a strong (8) answer look like on the 0–10 scale. */
export type CriterionAnchors = { low?: string; mid?: string; high?: string };
export type ConfigCriterion = { key: string; label: string; weight: number; anchors?: CriterionAnchors };

/**
 * Where a question set came from when a language model drafted it (issue 23): which provider and model, which
 * prompt version, when, and whether a person changed the draft before saving it. Null: written by a person
 * (or from a template, named in `template`).
 */
export type ConfigProvenance = {
  task: 'question-set-generation';
  provider: string;
  model: string;
  promptVersion: string;
  inputHash: string;
  parameters: { temperature: number; seed: number };
  generatedAt: string;
  durationMs: number;
  /** True when the saved questions or criteria differ from what the model returned. */
  editedByHuman: boolean;
};

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
    /** Set when a language model drafted the set (see ConfigProvenance); null when a person wrote it. */
    provenance: jsonb('provenance').$type<ConfigProvenance>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interview_configs_org_idx').on(t.orgId, t.createdAt.desc())],
);
