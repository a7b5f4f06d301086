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

export const AiProvenanceSchema = z
  .object({
    task: z.enum(['answer-evaluation', 'report-summary', 'follow-up-question']).describe('What the model produced.'),
    provider: z.string().describe('The provider’s host (from its base URL).'),
    model: z.string(),
    promptVersion: z.string().describe('sha256 (16 hex) of the prompt’s text and output format, both versioned in the service’s repository.'),
    rubricHash: z.string().nullable().describe('sha256 (16 hex) of the criteria the output scored; null for a summary.'),
    inputHash: z.string().describe('sha256 (16 hex) of the message the model read.'),
    parameters: z.object({ temperature: z.number(), seed: z.number().int() }).describe('Sampling parameters: temperature 0 and a fixed seed, for reproducible outputs as far as the provider allows.'),
    at: z.string().describe('When the request was made (ISO 8601).'),
    durationMs: z.number().describe('How long the model took.'),
  })
  .describe('Where an AI output came from.');

export const TurnOutputProvenanceSchema = AiProvenanceSchema.extend({
  task: z.enum(['answer-evaluation', 'follow-up-question']).describe('What the model produced: the evaluation of an answer, or a follow-up question it wrote.'),
  turnNumber: z.number().int().describe('The transcript turn it is on: the answer evaluated, or the follow-up question asked.'),
}).describe('Where one AI output of the transcript came from.');

const ScoringEvaluatorSchema = z.object({
  provider: z.string(),
  model: z.string(),
  promptVersion: z.string(),
});

export const ReportProvenanceSchema = z
  .object({
    summary: AiProvenanceSchema.nullable().describe('The model that wrote the summary; null when the rules wrote it.'),
    scoring: z.object({
      rubricVersion: z.string().describe('sha256 (16 hex) of the configuration’s criteria, labels and weights the scorecard used.'),
      evaluators: z
        .array(ScoringEvaluatorSchema.extend({ answers: z.number().int().describe('Answers this configuration scored.') }))
        .describe('The provider, model and prompt that scored the answers (each answer’s own provenance is in `outputs`); empty when no model scored.'),
    }),
    questionSet: z
      .object({
        task: z.literal('question-set-generation'),
        provider: z.string().describe('The provider’s host (from its base URL).'),
        model: z.string(),
        promptVersion: z.string().describe('sha256 (16 hex) of the drafting prompt’s text and output format.'),
        inputHash: z.string().describe('sha256 (16 hex) of the job title and description the model read.'),
        parameters: z.object({ temperature: z.number(), seed: z.number().int() }),
        generatedAt: z.string().describe('When the model drafted it (ISO 8601).'),
        durationMs: z.number().describe('How long the model took.'),
        editedByHuman: z.boolean().describe('A person changed the questions or criteria the model drafted, before or after saving.'),
      })
      .nullable()
      .describe('The model that drafted the question set the interview was conducted with, as recorded when the report was generated; null when a person wrote the set, and for reports generated before it was kept.'),
    outputs: z
      .array(TurnOutputProvenanceSchema)
      .describe(
        'Every AI output of the transcript, in turn order: each answer a model scored and each follow-up question a model wrote. An evaluation posted by a voice agent without provenance is not listed.',
      ),
    campaign: z
      .object({
        otherReports: z.number().int().describe('Ready reports of the campaign compared with.'),
        usual: z.object({
          rubricVersion: z.string().nullable().describe('The rubric most of them were scored with.'),
          evaluator: ScoringEvaluatorSchema.nullable().describe('The provider, model and prompt that scored most of their answers.'),
        }),
        differences: z.array(z.enum(['model', 'prompt', 'rubric'])).describe('What differs from the rest of the campaign; empty when nothing does.'),
        notice: z.string().nullable().describe('A sentence saying so, for the reader; null when nothing differs.'),
      })
      .nullable()
      .describe('This report compared with the rest of its campaign; null without a campaign or other ready reports.'),
  })
  .describe('Provenance of the report (EU AI Act Art. 12): which rubric, models and prompts produced its scores and summary.');

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
    provenance: ReportProvenanceSchema.nullable().describe('Null when FAILED, and for reports generated before provenance was kept.'),
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
export type ReportProvenanceDto = z.infer<typeof ReportProvenanceSchema>;
export type AnyReportDto = z.infer<typeof AnyReportSchema>;
