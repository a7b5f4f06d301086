import { router } from '@/server/trpc';
import { cancelInterviewProcedure } from './cancel-interview';
import { createInterviewProcedure } from './create-interview';
import { getInterviewProcedure } from './get-interview';
import { listInterviewsProcedure } from './list-interviews';
import { resendInvitationProcedure } from './resend-invitation';
import { sendInvitationProcedure } from './send-invitation';

export const interviewsRouter = router({
  list: listInterviewsProcedure,
  get: getInterviewProcedure,
  create: createInterviewProcedure,
  sendInvitation: sendInvitationProcedure,
  resendInvitation: resendInvitationProcedure,
  cancel: cancelInterviewProcedure,
});
