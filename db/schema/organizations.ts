import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An organization's own words for a decision email to candidates; `{name}`, `{job}`, `{org}` are filled in. */
export type DecisionEmailTemplate = { subject: string; body: string };

/** Candidates are erased this many days after their last activity unless an admin shortens it (data-rights). */
export const DEFAULT_RETENTION_DAYS = 730;
export const MIN_RETENTION_DAYS = 30;
export const MAX_RETENTION_DAYS = 730;

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  retentionDays: integer('retention_days').notNull().default(DEFAULT_RETENTION_DAYS),
  /** Where candidates write about their data or to ask for an interview without AI (the notice; Reply-To of emails). */
  contactEmail: text('contact_email'),
  /** The organization's own words on the thank-you page: what happens after the interview and when (issue 25); null: the default. */
  candidateNextSteps: text('candidate_next_steps'),
  /**
   * "Review before you see the AI" (issue 23): while on, the dashboard withholds the AI's scores, summary and advice
   * on an interview from each user until that user has saved their own review of it. Off by default.
   */
  reviewBeforeAi: boolean('review_before_ai').notNull().default(false),
  /** Whether candidates are asked for their voluntary self-identification after the interview (bias audit); off by default. */
  collectSelfIdentification: boolean('collect_self_identification').notNull().default(false),
  /** Its own advance and reject emails to candidates (issue 26); null, or a null kind: the default in the candidate's language. */
  decisionEmailTemplates: jsonb('decision_email_templates').$type<{ advance: DecisionEmailTemplate | null; reject: DecisionEmailTemplate | null }>(),
  /** Whether invitations get their expiry reminder (Settings → Candidate emails); on by default. */
  remindersEnabled: boolean('reminders_enabled').notNull().default(true),
  /** How long before the link expires the reminder goes; null: the deployment's REMINDER_HOURS_BEFORE_EXPIRY. */
  reminderHoursBeforeExpiry: integer('reminder_hours_before_expiry'),
  /**
   * The organization's language (Settings → General, issue 26): the dashboard's default for a new candidate and a new
   * interview configuration; one of the candidate languages. Null: not chosen, so it is inferred from the latest
   * interview configuration (server/services/organizations/organization-language.ts).
   */
  language: text('language'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
