import { z } from 'zod';
import { timestampOut } from '../fields';
import { REVIEW_MESSAGES, REVIEW_NOTE_MAX_LENGTH, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from './review-rules';

export const HumanReviewCriterionSchema = z.object({
  key: z.string().describe("Criterion key, one of the report's criteria."),
  score: z.number().describe('The reviewer’s score, 0–10.'),
  note: z.string().nullable().describe('The reviewer’s note on this criterion, or null.'),
});

export const HumanReviewSchema = z
  .object({
    criteria: z.array(HumanReviewCriterionSchema).describe("One entry per criterion of the report, in the report's order."),
    overallScore: z.number().describe("0–100: the reviewer's scores weighted as the report's criteria, ×10, one decimal."),
    reviewedBy: z.object({ type: z.enum(['user', 'api_key']), id: z.string() }).describe('Who reviewed (a recruiter of the organization).'),
    reviewedAt: timestampOut(),
  })
  .describe("A recruiter's own scoring beside the AI's (whose fields stay as generated); null until someone reviews. Takes precedence in the campaign ranking and in exports.");
export type HumanReviewDto = z.infer<typeof HumanReviewSchema>;

export const SaveHumanReviewInputSchema = z.strictObject({
  interviewId: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters'),
  criteria: z
    .array(
      z.strictObject({
        key: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters'),
        score: z.number(REVIEW_MESSAGES.notANumber).min(REVIEW_SCORE_MIN, REVIEW_MESSAGES.tooLow).max(REVIEW_SCORE_MAX, REVIEW_MESSAGES.tooHigh),
        note: z.string().trim().max(REVIEW_NOTE_MAX_LENGTH, REVIEW_MESSAGES.noteTooLong).nullable().optional(),
      }),
    )
    .min(1, 'Score at least one criterion')
    .max(100),
});
export type SaveHumanReviewInput = z.infer<typeof SaveHumanReviewInputSchema>;
