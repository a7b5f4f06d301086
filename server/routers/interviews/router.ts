import { router } from '@/server/trpc';
import { cancelInterviewProcedure } from './cancel-interview';
import { createInterviewProcedure } from './create-interview';
import { decideInterviewProcedure } from './decide-interview';
import { getIntegritySignalsProcedure } from './get-integrity-signals';
import { getInterviewProcedure } from './get-interview';
import { listDecisionHistoryProcedure } from './list-decision-history';
import { listInterviewsProcedure } from './list-interviews';
import { resendInvitationProcedure } from './resend-invitation';
import { runDemoInterviewProcedure } from './run-demo-interview';
import { sendInvitationProcedure } from './send-invitation';

export const interviewsRouter = router({
  list: listInterviewsProcedure,
  get: getInterviewProcedure,
  create: createInterviewProcedure,
  sendInvitation: sendInvitationProcedure,
  resendInvitation: resendInvitationProcedure,
  cancel: cancelInterviewProcedure,
  runDemo: runDemoInterviewProcedure,
  decide: decideInterviewProcedure,
  decisionHistory: listDecisionHistoryProcedure,
  integrity: getIntegritySignalsProcedure,
});
