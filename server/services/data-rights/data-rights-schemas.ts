import { z } from 'zod';
import { EMAIL_KINDS } from '@/db/schema';
import { CandidateSchema } from '../candidates/candidate-schemas';
import { timestampOut } from '../fields';
import { DecisionHistoryEntrySchema } from '../decisions/decision-schemas';
import { InterviewDetailSchema } from '../interviews/interview-schemas';
import { InterviewReportSchema, PendingReportSchema, TestReportSchema } from '../reports/report-schemas';
import { ExportedNoteSchema } from '../notes/note-schemas';

export const CandidateDataExportSchema = z.object({
  candidate: CandidateSchema,
  interviews: z
    .array(
      InterviewDetailSchema.extend({
        report: z.union([InterviewReportSchema, PendingReportSchema]).nullable().describe('The full report (as GET /reports/{reportId}), or null.'),
        decisions: z
          .array(DecisionHistoryEntrySchema)
          .describe('Every decision taken on the interview, newest first: the current one (`current: true`, also in `decision`) and the ones it replaced.'),
      }),
    )
    .describe('Every interview of the candidate as GET /interviews/{id} gives it (transcript, evaluation, audio links), newest first.'),
  testSessions: z.array(TestReportSchema).describe("The candidate's technical test results."),
  emails: z
    .array(
      z.object({
        kind: z.enum(EMAIL_KINDS),
        to: z.string(),
        subject: z.string(),
        sentAt: timestampOut(),
        interviewId: z.string().nullable(),
      }),
    )
    .describe('Emails sent to the candidate, oldest first.'),
  notes: z
    .array(ExportedNoteSchema)
    .describe("Teammates' notes about the candidate, on the profile (interviewId null) and on their interviews, newest first."),
  exportedAt: timestampOut(),
});
export type CandidateDataExport = z.infer<typeof CandidateDataExportSchema>;
