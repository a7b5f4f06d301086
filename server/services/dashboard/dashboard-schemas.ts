import { z } from 'zod';
import { TurnSchema, type TurnDto } from '../turns/turn-schemas';
import { INTERVIEW_STATUSES } from '@/db/schema';
import { EvaluationSchema, InterviewSchema, InterviewStatusSchema } from '../interviews/interview-schemas';
import { INTERVIEW_SORTS } from '../interviews/list-interviews';
import { PaginationInputShape, paginatedSchema } from '../pagination';
import { ReportProvenanceSchema } from '../reports/report-schemas';
import { HumanReviewSchema } from '../reviews/human-review-schemas';

/** Shapes of the dashboard-only procedures (tRPC, never REST v1). */

export const RecommendationSchema = z.enum(['STRONG_YES', 'YES', 'NO', 'DEFINITELY_NO', 'NO_DECISION']);

const CandidateRefSchema = z.object({ id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });
const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

export const OverviewSchema = z.object({
  totalInterviews: z.number().int(),
  byStatus: z.record(InterviewStatusSchema, z.number().int()),
  /** COMPLETED ÷ (COMPLETED + CANCELLED + EXPIRED): of the interviews that ended, the share that was completed. */
  completionRate: z.number().nullable(),
  completedLast7Days: z.number().int(),
  /** The score that counts for each ready interview report: a reviewer's when there is one, else the AI's. */
  averageScore: z.number().nullable(),
  /** How many of the scores behind the average and the distribution are reviewers' and how many the AI's. */
  scoreSources: z.object({ human: z.number().int(), ai: z.number().int() }),
  /** Ready interview reports by the score that counts (as averageScore), in ten buckets of 10 points (the last one is 90–100). */
  scoreDistribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  recommendations: z.record(RecommendationSchema, z.number().int()),
  recentCompletions: z.array(
    z.object({
      interviewId: z.string(),
      candidate: CandidateRefSchema,
      jobTitle: z.string(),
      completedAt: z.string().nullable(),
      reportStatus: z.enum(['PENDING', 'READY', 'FAILED']).nullable(),
      overallScore: z.number().nullable(),
      /** Whose score overallScore is: a reviewer's (human) or the AI's. */
      scoreSource: z.enum(['human', 'ai']).nullable(),
      recommendation: RecommendationSchema.nullable(),
    }),
  ),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const ListInterviewRowsInputSchema = z.strictObject({
  ...PaginationInputShape,
  status: InterviewStatusSchema.optional(),
  jobId: z.string().max(100).optional(),
  campaignId: z.string().max(100).optional(),
  candidateId: z.string().max(100).optional(),
  search: z.string().max(200, 'Must be at most 200 characters').optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  sort: z.enum(INTERVIEW_SORTS).default('createdAt'),
});

export const InterviewRowSchema = InterviewSchema.extend({
  candidate: CandidateRefSchema.nullable(),
  jobTitle: z.string().nullable(),
  campaignName: z.string().nullable(),
  recommendation: RecommendationSchema.nullable(),
  /** Whose score overallScore is here: the list shows and sorts by the score that counts (effective-score.ts). */
  scoreSource: z.enum(['human', 'ai']).nullable(),
});
export type InterviewRow = z.infer<typeof InterviewRowSchema>;
export const InterviewRowPageSchema = paginatedSchema(InterviewRowSchema);

/** A transcript turn as the recruiter sees it: the internal routes' turn, with the agent's per-turn evaluation. */
export const DashboardTurnSchema = TurnSchema;
export type DashboardTurn = TurnDto;

export const InterviewViewSchema = InterviewSchema.extend({
  /** null once the candidate has been erased: the interview stays, anonymous. */
  candidate: CandidateRefSchema.nullable(),
  job: z.object({ id: z.string(), title: z.string() }),
  campaign: NamedRefSchema.nullable(),
  stage: NamedRefSchema.nullable(),
  config: NamedRefSchema.extend({ criteria: z.array(z.object({ key: z.string(), label: z.string(), weight: z.number() })) }).nullable(),
  turns: z.array(DashboardTurnSchema),
  evaluation: EvaluationSchema.nullable(),
  /** A recruiter's own scores beside the AI's, or null. */
  humanReview: HumanReviewSchema.nullable(),
  /**
   * True while the organization's "review before you see the AI" mode withholds the AI's evaluation from this user
   * (until they save their own review): overallScore, the evaluation's scores, advice, summary and flags, and the
   * turns' evaluations are then null or empty.
   */
  aiWithheld: z.boolean(),
  /** Whether the organization has a language model for AI scoring (its own or the operator's); without one the page puts "Your review" first. */
  aiScoringConfigured: z.boolean(),
  report: z
    .object({
      coverage: z.object({ candidateTurns: z.number().int(), scoredTurns: z.number().int() }).nullable(),
      generator: z.string().nullable(),
      provenance: ReportProvenanceSchema.nullable(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
    })
    .nullable(),
});
export type InterviewView = z.infer<typeof InterviewViewSchema>;

export const TranscriptEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), status: InterviewStatusSchema, turns: z.array(DashboardTurnSchema) }),
  z.object({ type: z.literal('turns'), turns: z.array(DashboardTurnSchema) }),
  z.object({ type: z.literal('status'), status: InterviewStatusSchema }),
]);
export type TranscriptEvent = z.infer<typeof TranscriptEventSchema>;

export const FINAL_STATUSES: readonly (typeof INTERVIEW_STATUSES)[number][] = ['COMPLETED', 'CANCELLED', 'EXPIRED'];

export const CampaignSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  stages: z.number().int(),
  interviews: z.number().int(),
  completed: z.number().int(),
  inProgress: z.number().int(),
  /** Invited and not yet started, link still valid. */
  awaiting: z.number().int(),
  averageScore: z.number().nullable(),
  createdAt: z.string(),
});
export type CampaignSummary = z.infer<typeof CampaignSummarySchema>;
export const CampaignSummaryPageSchema = paginatedSchema(CampaignSummarySchema);
export const ListCampaignSummariesInputSchema = z.strictObject({ ...PaginationInputShape });
