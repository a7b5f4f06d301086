import { z } from 'zod';
import {
  getReviewBeforeAiSettings,
  ReviewBeforeAiSettingsSchema,
  UpdateReviewBeforeAiInputSchema,
  updateReviewBeforeAiSettings,
} from '@/server/services/reviews/review-before-ai';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only, admins: the organization's "review before you see the AI" mode. */
export const getReviewBeforeAiSettingsProcedure = adminProcedure
  .input(z.strictObject({}).optional())
  .output(ReviewBeforeAiSettingsSchema)
  .query(({ ctx }) => getReviewBeforeAiSettings(ctx.db, { orgId: ctx.orgId }));

export const updateReviewBeforeAiSettingsProcedure = adminProcedure
  .input(UpdateReviewBeforeAiInputSchema)
  .output(ReviewBeforeAiSettingsSchema)
  .mutation(({ ctx, input }) => updateReviewBeforeAiSettings(ctx.db, { orgId: ctx.orgId, reviewBeforeAi: input.reviewBeforeAi, audit: ctx.audit }));
