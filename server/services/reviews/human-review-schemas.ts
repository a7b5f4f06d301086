import { z } from 'zod';
import { timestampOut } from '../fields';

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
        score: z.number('Must be a number from 0 to 10').min(0, 'Must be at least 0').max(10, 'Must be at most 10'),
        note: z.string().trim().max(2000, 'Must be at most 2000 characters').nullable().optional(),
      }),
    )
    .min(1, 'Score at least one criterion')
    .max(100),
});
export type SaveHumanReviewInput = z.infer<typeof SaveHumanReviewInputSchema>;
