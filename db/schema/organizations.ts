import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
