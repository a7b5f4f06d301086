import { z } from 'zod';
import { InterviewSchema } from '@/server/services/interviews/interview-schemas';
import { resendInvitation } from '@/server/services/invitations/resend-invitation';
import { isoDateTime } from '@/server/services/fields';
import { recruiterProcedure } from '@/server/trpc';

export const ResendInvitationInputSchema = z.strictObject({
  id: z.string().min(1).max(100),
  expiresAt: isoDateTime().optional(),
});

/** Dashboard only (not on REST v1): a new link by email; the previous link stops working. */
export const resendInvitationProcedure = recruiterProcedure
  .input(ResendInvitationInputSchema)
  .output(InterviewSchema)
  .mutation(({ ctx, input }) => resendInvitation(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
