import { z } from 'zod';
import { InterviewSchema } from '@/server/services/interviews/interview-schemas';
import { cancelInterview } from '@/server/services/invitations/cancel-interview';
import { recruiterProcedure } from '@/server/trpc';

export const CancelInterviewInputSchema = z.strictObject({ id: z.string().min(1).max(100) });

/** Dashboard only (not on REST v1): DRAFT, INVITED or IN_PROGRESS → CANCELLED. */
export const cancelInterviewProcedure = recruiterProcedure
  .input(CancelInterviewInputSchema)
  .output(InterviewSchema)
  .mutation(({ ctx, input }) => cancelInterview(ctx.db, { orgId: ctx.orgId, id: input.id, audit: ctx.audit }));
