import { bigint, doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { InterviewStatus } from './interviews';

/**
 * Each campaign's interviews per stored status, and their reports, kept exact by statement-level triggers on
 * `interviews` and `reports` (migration campaign-interview-counts-triggers), so the campaigns page and a campaign's
 * head read a few rows instead of aggregating every interview of a campaign with its report (100,000 interviews
 * cost 120 ms of database CPU per campaigns page). Counted: interviews with a campaign, not demo ones
 * (interviews.is_demo never changes). Never written by application code.
 */
export const campaignInterviewCounts = pgTable(
  'campaign_interview_counts',
  {
    orgId: text('org_id').notNull(),
    campaignId: text('campaign_id').notNull(),
    /** The interview's stored status (an INVITED one past expiresAt is counted here as INVITED). */
    status: text('status').$type<InterviewStatus>().notNull(),
    interviews: bigint('interviews', { mode: 'number' }).notNull(),
    /** Interviews with a report, whatever its status. */
    reports: bigint('reports', { mode: 'number' }).notNull(),
    /** Interviews whose report is READY. */
    readyReports: bigint('ready_reports', { mode: 'number' }).notNull(),
    /** READY reports with an overall score, and the sum of those scores (the AI's: reports.overall_score). */
    scoredReports: bigint('scored_reports', { mode: 'number' }).notNull(),
    scoreSum: doublePrecision('score_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.campaignId, t.status] })],
);
