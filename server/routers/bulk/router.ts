import { router } from '@/server/trpc';
import { cancelInterviewsProcedure, resendInterviewsProcedure } from './interview-actions';
import { decideInterviewsProcedure } from './decide-interviews';
import { exportCandidatesProcedure } from './export-candidates';
import { exportInterviewsProcedure } from './export-interviews';
import { getBulkOperationProcedure } from './get-bulk-operation';
import { inviteCandidatesProcedure } from './invite-candidates';
import { tagCandidatesProcedure } from './tag-candidates';

/** Bulk actions of the dashboard's lists (tRPC only, never REST v1). */
export const bulkRouter = router({
  inviteCandidates: inviteCandidatesProcedure,
  tagCandidates: tagCandidatesProcedure,
  exportCandidates: exportCandidatesProcedure,
  resendInterviews: resendInterviewsProcedure,
  cancelInterviews: cancelInterviewsProcedure,
  decideInterviews: decideInterviewsProcedure,
  exportInterviews: exportInterviewsProcedure,
  get: getBulkOperationProcedure,
});
