import { actorOf } from '@/server/auth/actor';
import { HumanReviewSchema, SaveHumanReviewInputSchema } from '@/server/services/reviews/human-review-schemas';
import { saveHumanReview } from '@/server/services/reviews/save-human-review';
import { recruiterProcedure } from '@/server/trpc';

/** Dashboard only: a recruiter's own scores beside the AI's. REST v1 reads them in `humanReview`. */
export const saveHumanReviewProcedure = recruiterProcedure
  .input(SaveHumanReviewInputSchema)
  .output(HumanReviewSchema)
  .mutation(({ ctx, input }) => saveHumanReview(ctx.db, { orgId: ctx.orgId, ...input, actor: actorOf(ctx.principal), requestId: ctx.requestId }));
