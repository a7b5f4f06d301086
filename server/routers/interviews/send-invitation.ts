import { z } from 'zod';
import { InterviewSchema } from '@/server/services/interviews/interview-schemas';
import { sendInvitation } from '@/server/services/invitations/send-invitation';
import { isoDateTime } from '@/server/services/fields';
import { recruiterProcedure } from '@/server/trpc';

export const SendInvitationInputSchema = z.strictObject({
  id: z.string().min(1).max(100),
  expiresAt: isoDateTime().optional(),
});

/** Dashboard only (not on REST v1): DRAFT → INVITED with its email queued. */
export const sendInvitationProcedure = recruiterProcedure
  .input(SendInvitationInputSchema)
  .output(InterviewSchema)
  .mutation(({ ctx, input }) => sendInvitation(ctx.db, { orgId: ctx.orgId, audit: ctx.audit, ...input }));
