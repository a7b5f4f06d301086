import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { interviews } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { assertNotClosed, findInterviewByToken } from './find-interview-by-token';

/** PUT /api/invitations/:token/feedback: a rating 1–5 and an optional comment (≤ 1000 characters). */
export const CandidateFeedbackInputSchema = z.strictObject({
  score: z.number().int().min(1).max(5),
  comment: z
    .string()
    .trim()
    .max(1000, 'Must be at most 1000 characters')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
});
export type CandidateFeedbackInput = z.infer<typeof CandidateFeedbackInputSchema>;

/**
 * The candidate's optional rating of their interview, from the thank-you page (issue 25): after completion only
 * (409 before: it must never read as part of the interview), a closed link 410; sending again replaces it.
 * Counted in the funnel analytics (rated, average); never shown next to the answers or given to any model.
 */
export async function recordCandidateFeedback(db: DbExecutor, token: string, input: CandidateFeedbackInput, now = new Date()): Promise<{ score: number; comment: string | null }> {
  const interview = await findInterviewByToken(db, token);
  assertNotClosed(interview);
  if (interview.status !== 'COMPLETED') throw new AppError('CONFLICT', 'The rating is asked once the interview is completed');
  const comment = input.comment ?? null;
  await db
    .update(interviews)
    .set({ satisfactionScore: input.score, satisfactionComment: comment, satisfactionAt: now })
    .where(and(eq(interviews.id, interview.id), eq(interviews.orgId, interview.orgId)));
  return { score: input.score, comment };
}
