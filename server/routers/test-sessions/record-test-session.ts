import { TestReportSchema } from '@/server/services/reports/report-schemas';
import { recordTestSession } from '@/server/services/test-sessions/record-test-session';
import { RecordTestSessionInputSchema } from '@/server/services/test-sessions/test-session-schemas';
import { recruiterProcedure } from '@/server/trpc';

/** Dashboard only: a recruiter records a technical test a candidate finished; its report is READY at once. */
export const recordTestSessionProcedure = recruiterProcedure
  .input(RecordTestSessionInputSchema)
  .output(TestReportSchema)
  .mutation(({ ctx, input }) => recordTestSession(ctx.db, { orgId: ctx.orgId, ...input }));
