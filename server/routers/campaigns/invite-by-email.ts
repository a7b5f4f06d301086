import { z } from 'zod';
import { getInvitationLink } from '@/server/services/campaigns/get-invitation-link';
import { inviteByEmail } from '@/server/services/campaigns/invite-by-email';
import { InviteByEmailInputSchema, InviteByEmailOutputSchema } from '@/server/services/campaigns/invite-by-email-schemas';
import { idString } from '@/server/services/fields';
import { recruiterProcedure } from '@/server/trpc';

/** "Invite candidates" on the campaign page: pasted addresses and/or a CSV file, found or created, then invited. */
export const inviteByEmailProcedure = recruiterProcedure
  .input(InviteByEmailInputSchema)
  .output(InviteByEmailOutputSchema)
  .mutation(({ ctx, input }) => inviteByEmail(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, audit: ctx.audit, ...input }));

/** "Copy invitation link": the link of an interview still waiting for its candidate (recruiters only: it opens the interview). */
export const invitationLinkProcedure = recruiterProcedure
  .input(z.strictObject({ interviewId: idString('Interview id (itw_…).') }))
  .output(z.object({ url: z.string(), expiresAt: z.string() }))
  .mutation(({ ctx, input }) => getInvitationLink(ctx.db, { orgId: ctx.orgId, interviewId: input.interviewId }));
