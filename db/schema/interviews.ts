import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { interviewConfigs } from './interview-configs';
import { jobs } from './jobs';
import { organizations } from './organizations';
import { stages } from './stages';

export const INTERVIEW_STATUSES = ['DRAFT', 'INVITED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED', 'EXPIRED'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

/**
 * How the candidate answers (CONTRACT §13): a real-time spoken conversation, spoken answers recorded one by one,
 * or typed answers. Chosen when the candidate starts and never changed; null before, and for interviews an
 * external agent platform conducts.
 */
export const ANSWER_MODES = ['live', 'recorded', 'written'] as const;
export type AnswerMode = (typeof ANSWER_MODES)[number];

/**
 * `status` is the stored state. An INVITED interview whose expiresAt has passed is EXPIRED for every reader
 * before the sweep persists it: see server/services/interviews/effective-status.ts.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    /** No foreign key: an erased candidate's row is deleted and this id stays, anonymous (see erase-candidate.ts). */
    candidateId: text('candidate_id').notNull(),
    jobId: text('job_id').notNull().references(() => jobs.id),
    campaignId: text('campaign_id').references(() => campaigns.id),
    stageId: text('stage_id').references(() => stages.id),
    configId: text('config_id').references(() => interviewConfigs.id),
    status: text('status').$type<InterviewStatus>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    audioUrl: text('audio_url'),
    /** SHA-256 of the invitation link's token; a resend replaces it, so the old link stops working. */
    inviteTokenHash: text('invite_token_hash').unique(),
    reminderEnabled: boolean('reminder_enabled').notNull().default(true),
    /** Set when the expiry reminder went out for the current link; a resend clears it (one reminder per link). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the candidate's start last handed the session to the voice agent; guards against a double dispatch. */
    agentDispatchedAt: timestamp('agent_dispatched_at', { withTimezone: true }),
    /**
     * When the invitation page was first rendered for a link that could still be used (the funnel's "opened",
     * CONTRACT §14); later loads keep the first time. Null for interviews never opened through the page.
     */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** When the candidate acknowledged the notice on the invitation page (POST /api/invitations/:token/start). */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /** Set by the candidate's start (the first one counts); see ANSWER_MODES. */
    answerMode: text('answer_mode').$type<AnswerMode>(),
    /**
     * The language the candidate took the interview in, among those its configuration allows (the page's switcher),
     * set by the start (the first one counts); null before: the configuration's (server/i18n/interview-language.ts).
     */
    language: text('language'),
    /**
     * The candidate's optional one-question rating of the interview after it (1 very poor … 5 very good, issue 25),
     * its comment (erased with the candidate), and when; counted in the funnel, never shown with the answers.
     */
    satisfactionScore: smallint('satisfaction_score'),
    satisfactionComment: text('satisfaction_comment'),
    satisfactionAt: timestamp('satisfaction_at', { withTimezone: true }),
    /**
     * A recruiter's "Run a demo interview": a sample candidate in a sample campaign, played by the simulated agent.
     * Left out of rankings, averages, analytics, exports and webhooks (docs/DECISIONS.md, "Demo interviews").
     */
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * The score that counts for this interview (server/services/analytics/effective-score.ts): its reviewer's overall
     * score where there is one, else its report's AI score, from a READY report only; null otherwise. A copy kept by
     * triggers on reports and human_reviews (migration interview-effective-score-triggers) so that the interview list
     * sorted by score reads an index instead of looking up every interview's report and review. Never written by
     * application code.
     */
    effectiveScore: real('effective_score'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list order is `created_at DESC, id DESC`, which PostgreSQL reads as NULLS FIRST: drizzle's .desc() alone
  // makes NULLS LAST indexes, which that ORDER BY cannot use (a sort of the whole organization instead).
  (t) => [
    index('interviews_org_created_idx').on(t.orgId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('interviews_org_status_created_idx').on(t.orgId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('interviews_org_job_created_idx').on(t.orgId, t.jobId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('interviews_org_campaign_created_idx').on(t.orgId, t.campaignId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Only org_id, so B-tree deduplication packs an organization into a few pages: the list's count(*) reads it.
    index('interviews_org_idx').on(t.orgId),
    index('interviews_org_candidate_idx').on(t.orgId, t.candidateId),
    index('interviews_invited_expiry_idx').on(t.expiresAt).where(sql`status = 'INVITED'`),
    // An organization's lapsed invitations (INVITED past expiresAt, EXPIRED to readers): counted by the list
    // when it filters on INVITED or EXPIRED.
    index('interviews_org_invited_expiry_idx').on(t.orgId, t.expiresAt).where(sql`status = 'INVITED'`),
    // The few demo interviews of an organization, which every figure leaves out (services/demo/demo-filter.ts).
    index('interviews_org_demo_idx').on(t.orgId).where(sql`is_demo`),
    // Completed interviews in completion order, read forwards by the "awaiting your decision" queue (oldest first,
    // services/analytics/awaiting-decision.ts) and backwards by the overview's completions (newest first). Demo
    // interviews are few and filtered on read, so the one index serves both.
    index('interviews_org_completed_idx').on(t.orgId, t.completedAt, t.id).where(sql`status = 'COMPLETED'`),
    // The list sorted by score, either way, empty scores last (list-interviews.ts, interviewOrderBy).
    index('interviews_org_effective_score_desc_idx').on(t.orgId, t.effectiveScore.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('interviews_org_effective_score_asc_idx').on(t.orgId, t.effectiveScore.asc().nullsLast(), t.id.asc()),
    // A campaign's figures: its distinct candidates, and its lapsed invitations (EXPIRED to readers, not yet swept).
    // The campaign's ranking (services/dashboard/rank-campaign-candidates.ts) reads every interview of the campaign
    // for the columns after candidate_id, from the index alone: measured on 2,000 interviews, 15 → 9 ms, the heap's
    // pages (one per interview) no longer read.
    index('interviews_org_campaign_candidate_idx')
      .on(t.orgId, t.campaignId, t.candidateId, t.id, t.status, t.expiresAt, t.stageId, t.completedAt, t.createdAt)
      .where(sql`not is_demo`),
    index('interviews_org_campaign_invited_expiry_idx').on(t.orgId, t.campaignId, t.expiresAt).where(sql`status = 'INVITED' and not is_demo`),
    check('interviews_answer_mode_check', sql`${t.answerMode} in ('live', 'recorded', 'written')`),
  ],
);
