import { z } from 'zod';
import { TranscriptTurnSchema } from '@/server/services/interviews/interview-schemas';
import { nullableTimestampOut, timestampOut } from '../fields';
import { HumanReviewSchema } from '../reviews/human-review-schemas';
import { IntegritySignalsSchema } from '../integrity/integrity-schemas';

export const RecommendationSchema = z
  .enum(['STRONG_YES', 'YES', 'NO', 'DEFINITELY_NO', 'NO_DECISION'])
  .describe('STRONG_YES (overall ≥ 80), YES (≥ 60), NO (≥ 40), DEFINITELY_NO (< 40); NO_DECISION when no candidate answer was scored.');

export const ReportCriterionSchema = z.object({
  key: z.string().describe('Criterion key, as in the interview configuration.'),
  label: z.string().describe('Human-readable name (the key when the interview had no configuration).'),
  score: z.number().nullable().describe('Mean of the per-answer scores, 0–10; null when no answer was scored on it.'),
  weight: z.number().describe('Weight in the overall score.'),
  evidenceTurns: z.array(z.number().int()).describe('Turn numbers of the answers that scored this criterion.'),
});

export const ReportFlagSchema = z.object({
  code: z.string().describe('Flag code given by the evaluation of an answer.'),
  turnNumber: z.number().int().describe('The turn that raised it.'),
});

export const ReportCoverageSchema = z.object({
  candidateTurns: z.number().int().describe('Answers the candidate gave.'),
  scoredTurns: z.number().int().describe('Answers that carried at least one usable score.'),
});

export const PendingReportSchema = z
  .object({
    id: z.string().describe('Report id (rpt_…).'),
    status: z.literal('PENDING').describe('Still being generated: the response status is 202; ask again later.'),
  })
  .describe('A report being generated (HTTP 202).');

export const InterviewReportSchema = z
  .object({
    id: z.string().describe('Report id (rpt_…).'),
    type: z.literal('interview'),
    status: z.enum(['READY', 'FAILED']).describe('READY with the scorecard; FAILED when generation failed (scores null, see failureReason).'),
    interviewId: z.string().describe('Interview id (itv_…).'),
    candidateId: z.string().describe('Candidate id (cnd_…).'),
    jobId: z.string().describe('Job posting id (job_…).'),
    campaignId: z.string().nullable().describe('Campaign id (cmp_…), if the interview belongs to one.'),
    overallScore: z.number().nullable().describe('0–100, weighted over the criteria with evidence; null for NO_DECISION or FAILED.'),
    recommendation: RecommendationSchema.nullable().describe('Null only when the report FAILED.'),
    summary: z.string().nullable().describe('Prose summary for the recruiter, by a language model or by rules (see generator).'),
    criteria: z.array(ReportCriterionSchema).describe('One entry per criterion, in configuration order.'),
    flags: z.array(ReportFlagSchema),
    coverage: ReportCoverageSchema.nullable().describe('Null only when the report FAILED.'),
    transcript: z.array(TranscriptTurnSchema).describe('The conversation turns, ordered by turnNumber.'),
    generator: z.string().nullable().describe('`rules`, or `llm:<model>` when a language model wrote the summary. Null when FAILED.'),
    failureReason: z.string().nullable().describe('Why generation failed (status FAILED); null otherwise.'),
    humanReview: HumanReviewSchema.nullable(),
    integrity: IntegritySignalsSchema,
    createdAt: timestampOut(),
    completedAt: nullableTimestampOut().describe('When the report became READY.'),
  })
  .describe('The report of a voice interview.');

export const TestTaskResultSchema = z.object({
  task: z.string().describe('Task name.'),
  score: z.number().describe('Points scored on the task.'),
  maxScore: z.number().describe('Points available on the task.'),
  passed: z.boolean(),
});

export const TestReportSchema = z
  .object({
    id: z.string().describe('Report id (rpt_…).'),
    type: z.literal('test'),
    status: z.literal('READY').describe('Test reports are ready as soon as the session is recorded.'),
    testSessionId: z.string().describe('Test session id (tst_…).'),
    candidateId: z.string().describe('Candidate id (cnd_…).'),
    jobId: z.string().describe('Job posting id (job_…), the campaign’s.'),
    campaignId: z.string().describe('Campaign id (cmp_…).'),
    testName: z.string(),
    score: z.number(),
    maxScore: z.number(),
    percentage: z.number().describe('score / maxScore × 100, two decimals.'),
    results: z.array(TestTaskResultSchema).describe('Per-task results.'),
    startedAt: nullableTimestampOut(),
    completedAt: timestampOut().describe('When the candidate finished the test.'),
    createdAt: timestampOut(),
  })
  .describe('The report of a technical test session.');

export const AnyReportSchema = z.union([PendingReportSchema, InterviewReportSchema, TestReportSchema]);

export type PendingReportDto = z.infer<typeof PendingReportSchema>;
export type InterviewReportDto = z.infer<typeof InterviewReportSchema>;
export type TestReportDto = z.infer<typeof TestReportSchema>;
export type AnyReportDto = z.infer<typeof AnyReportSchema>;
