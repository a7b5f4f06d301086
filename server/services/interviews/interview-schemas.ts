import { z } from 'zod';
import { ANSWER_MODES, INTERVIEW_STATUSES } from '@/db/schema';
import { turnTimingOut } from '../turns/turn-schemas';
import { DecisionSchema } from '../decisions/decision-schemas';
import { idString, isoDateTime, nullableTimestampOut, timestampOut } from '../fields';

export const InterviewStatusSchema = z.enum(INTERVIEW_STATUSES);
export const AnswerModeSchema = z.enum(ANSWER_MODES);

export const CreateInterviewInputSchema = z.strictObject({
  candidateId: idString('Candidate id (cnd_…).'),
  jobId: idString('Job posting id (job_…).'),
  campaignId: idString('Hiring process (campaign) id (cmp_…); must be a campaign for jobId.').optional(),
  stageId: idString('Pipeline stage id (stg_…); must belong to campaignId.').optional(),
  configId: idString('Interview configuration id (cfg_…).').optional(),
  expiresAt: isoDateTime().optional().describe('Expiration of the invitation link, in the future and at most 90 days from now. Default: 7 days from now.'),
  sendInvite: z.boolean().default(true).describe('Send the invitation email now (status INVITED) or keep a DRAFT. Default true.'),
});
export type CreateInterviewInput = z.infer<typeof CreateInterviewInputSchema>;

export const InterviewSchema = z.object({
  id: z.string().describe('Interview id (itv_…).'),
  candidateId: z.string(),
  jobId: z.string(),
  campaignId: z.string().nullable(),
  stageId: z.string().nullable(),
  configId: z.string().nullable(),
  status: InterviewStatusSchema.describe('INVITED past expiresAt reads as EXPIRED.'),
  expiresAt: timestampOut(),
  invitedAt: nullableTimestampOut(),
  startedAt: nullableTimestampOut(),
  completedAt: nullableTimestampOut(),
  cancelledAt: nullableTimestampOut(),
  endedAt: nullableTimestampOut(),
  consentedAt: nullableTimestampOut().describe('When the candidate acknowledged the notice on the invitation page (AI interviewer, recording, human review); null before.'),
  answerMode: AnswerModeSchema.nullable().describe(
    'How the candidate answers, chosen when they start and never changed: live (a real-time spoken conversation), recorded (spoken answers recorded one by one), written (typed). null before the start, and for interviews an external agent platform conducts.',
  ),
  audioUrl: z
    .string()
    .nullable()
    .describe('Full recording, set at finalization. Audio stored by the service is given as a short-lived signed URL (supports Range).'),
  reportId: z.string().nullable().describe('Report id (rpt_…) once finalization requested one.'),
  overallScore: z.number().nullable().describe('0–100 once the report is ready.'),
  decision: DecisionSchema.nullable(),
  isDemo: z
    .boolean()
    .describe('A demo interview ("Run a demo interview" in the dashboard): a sample candidate played by the simulated agent. Left out of exports, analytics and webhooks.'),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type InterviewDto = z.infer<typeof InterviewSchema>;

export const TranscriptTurnSchema = z.object({
  turnNumber: z.number().int(),
  role: z.enum(['agent', 'candidate']),
  content: z.string(),
  audioUrl: z.string().nullable().describe('The recording of the turn; audio stored by the service is a short-lived signed URL (supports Range).'),
  ...turnTimingOut(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});

export const EvaluationSchema = z
  .object({
    reportId: z.string(),
    status: z.enum(['PENDING', 'READY', 'FAILED']),
    overallScore: z.number().nullable(),
    recommendation: z.enum(['STRONG_YES', 'YES', 'NO', 'DEFINITELY_NO', 'NO_DECISION']).nullable(),
    summary: z.string().nullable(),
    criteria: z.array(
      z.object({ key: z.string(), label: z.string(), score: z.number().nullable(), weight: z.number(), evidenceTurns: z.array(z.number().int()) }),
    ),
    flags: z.array(z.object({ code: z.string(), turnNumber: z.number().int() })),
  })
  .describe("The report's scorecard; null before a report exists.");

export const InterviewDetailSchema = InterviewSchema.extend({
  candidate: z
    .object({ id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() })
    .nullable()
    .describe('The candidate; null once the candidate has been erased (candidateId stays, anonymous).'),
  transcript: z.array(TranscriptTurnSchema).describe('The conversation turns, ordered by turnNumber.'),
  evaluation: EvaluationSchema.nullable(),
});
export type InterviewDetailDto = z.infer<typeof InterviewDetailSchema>;
