import { index, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { ReportProvenance } from '../../server/services/ai/provenance';
import { interviews } from './interviews';
import { organizations } from './organizations';
import { testSessions } from './test-sessions';

export type ReportStatus = 'PENDING' | 'READY' | 'FAILED';
export type Recommendation = 'STRONG_YES' | 'YES' | 'NO' | 'DEFINITELY_NO' | 'NO_DECISION';
export type ReportCriterion = { key: string; label: string; score: number | null; weight: number; evidenceTurns: number[] };
export type ReportFlag = { code: string; turnNumber: number };
export type ReportCoverage = { candidateTurns: number; scoredTurns: number };

/** A report of either kind: at most one per interview and one per test session. */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    type: text('type').$type<'interview' | 'test'>().notNull(),
    interviewId: text('interview_id').unique().references(() => interviews.id),
    testSessionId: text('test_session_id').unique().references(() => testSessions.id),
    status: text('status').$type<ReportStatus>().notNull(),
    overallScore: real('overall_score'),
    recommendation: text('recommendation').$type<Recommendation>(),
    summary: text('summary'),
    criteria: jsonb('criteria').$type<ReportCriterion[]>(),
    flags: jsonb('flags').$type<ReportFlag[]>(),
    coverage: jsonb('coverage').$type<ReportCoverage>(),
    generator: text('generator'),
    /** Which rubric and models produced the scores and the summary (issue 23); null for reports generated before it was kept. */
    provenance: jsonb('provenance').$type<ReportProvenance>(),
    /** Why generation failed, for the recruiter; never returned with internals. */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('reports_org_created_idx').on(t.orgId, t.createdAt.desc())],
);
