import { index, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { jobs } from './jobs';
import { organizations } from './organizations';

export type TestTaskResult = { task: string; score: number; maxScore: number; passed: boolean };

/** A technical test a candidate completed, recorded from the dashboard or imported by the CLI. */
export const testSessions = pgTable(
  'test_sessions',
  {
    id: text('id').primaryKey(),
    orgId: text('org_id').notNull().references(() => organizations.id),
    /** No foreign key: an erased candidate's row is deleted and this id stays, anonymous (see erase-candidate.ts). */
    candidateId: text('candidate_id').notNull(),
    campaignId: text('campaign_id').notNull().references(() => campaigns.id),
    jobId: text('job_id').notNull().references(() => jobs.id),
    testName: text('test_name').notNull(),
    score: real('score').notNull(),
    maxScore: real('max_score').notNull(),
    results: jsonb('results').$type<TestTaskResult[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_sessions_org_campaign_idx').on(t.orgId, t.campaignId, t.completedAt.desc(), t.id.desc()),
    index('test_sessions_org_candidate_idx').on(t.orgId, t.candidateId),
  ],
);
