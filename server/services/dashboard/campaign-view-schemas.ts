import { z } from 'zod';
import { InterviewStatusSchema } from '../interviews/interview-schemas';
import { PaginationInputShape, paginatedSchema } from '../pagination';
import { TestReportSchema } from '../reports/report-schemas';
import { StageSchema } from '../stages/stage-schemas';
import { RecommendationSchema } from './dashboard-schemas';

/** Shapes of the campaign page and of the test results lists (dashboard only, never REST v1). */

const CandidateRefSchema = z.object({ id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });

export const GetCampaignViewInputSchema = z.strictObject({ id: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters') });

export const CampaignViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  job: z.object({ id: z.string(), title: z.string() }),
  /** The question set its invitations use (stages may name their own); null: the default questions. */
  config: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** In pipeline order. */
  stages: z.array(StageSchema),
  counts: z.object({
    candidates: z.number().int(),
    interviews: z.number().int(),
    completed: z.number().int(),
    inProgress: z.number().int(),
    /** Invited, not started, link still valid. */
    awaiting: z.number().int(),
    reportsReady: z.number().int(),
    /** What the export holds: completed interviews with a report, and test sessions. */
    exportableInterviews: z.number().int(),
    tests: z.number().int(),
  }),
  averageScore: z.number().nullable(),
});
export type CampaignView = z.infer<typeof CampaignViewSchema>;

export const RankCampaignCandidatesInputSchema = z.strictObject({
  campaignId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters'),
  ...PaginationInputShape,
});

export const CampaignRankingRowSchema = z.object({
  /** 1-based place in the whole list, across pages. */
  position: z.number().int(),
  /** True when the candidate has a completed interview with a READY report: the ranked part of the list. */
  ranked: z.boolean(),
  candidate: CandidateRefSchema,
  /** The interview that places the candidate: their best READY report, else their most advanced interview. */
  interviewId: z.string(),
  status: InterviewStatusSchema,
  stageName: z.string().nullable(),
  reportId: z.string().nullable(),
  reportStatus: z.enum(['PENDING', 'READY', 'FAILED']).nullable(),
  /** The score that ranks: the human review's when there is one, else the AI's. */
  overallScore: z.number().nullable(),
  /** Where overallScore comes from; null when there is none. */
  scoreSource: z.enum(['human', 'ai']).nullable(),
  /** The AI's overall score, shown beside a human one. */
  aiOverallScore: z.number().nullable(),
  /** The AI's recommendation: advice, never a decision. */
  recommendation: RecommendationSchema.nullable(),
  /** The current decision on the placing interview, by a person; null until someone decides. */
  decision: z.enum(['ADVANCE', 'HOLD', 'REJECT']).nullable(),
  completedAt: z.string().nullable(),
  /** All of the candidate's interviews in the campaign. */
  interviewCount: z.number().int(),
  /** The candidate's best technical test of the campaign, in percent, or null without one. */
  bestTestPercentage: z.number().nullable(),
});
export type CampaignRankingRow = z.infer<typeof CampaignRankingRowSchema>;
export const CampaignRankingPageSchema = paginatedSchema(CampaignRankingRowSchema);

/** The test results of one campaign or of one candidate: exactly one of the two. */
export const ListTestResultsInputSchema = z
  .strictObject({
    campaignId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').optional(),
    candidateId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').optional(),
    ...PaginationInputShape,
  })
  .refine((v) => (v.campaignId === undefined) !== (v.candidateId === undefined), { message: 'Give campaignId or candidateId' });

export const TestResultRowSchema = TestReportSchema.extend({
  candidate: CandidateRefSchema,
  campaignName: z.string(),
});
export type TestResultRow = z.infer<typeof TestResultRowSchema>;
export const TestResultPageSchema = paginatedSchema(TestResultRowSchema);
