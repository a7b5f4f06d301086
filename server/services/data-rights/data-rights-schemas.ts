import { z } from 'zod';
import { EMAIL_KINDS } from '@/db/schema';
import { SCOPES } from '@/server/auth/scopes';
import { CandidateSchema } from '../candidates/candidate-schemas';
import { timestampOut } from '../fields';
import { DecisionHistoryEntrySchema } from '../decisions/decision-schemas';
import { InterviewDetailSchema } from '../interviews/interview-schemas';
import { InterviewReportSchema, PendingReportSchema, TestReportSchema } from '../reports/report-schemas';
import { ExportedNoteSchema } from '../notes/note-schemas';
import { ExportedSelfIdentificationSchema } from '../fairness/self-identification-schemas';

/**
 * The sections of an access export that need more than `candidates:read`, and the scopes each needs: what the same
 * caller would need to read them anywhere else (GET /interviews/{id}, the reports). Notes have no v1 route; every
 * dashboard member reads them, so they need every read scope, as a viewer holds. docs/DECISIONS.md, "Data rights".
 */
export const EXPORT_SECTION_SCOPES = {
  interviews: ['interviews:read'],
  'interviews.report': ['reports:read'],
  testSessions: ['reports:read'],
  notes: ['interviews:read', 'reports:read'],
} as const;
export type ExportSection = keyof typeof EXPORT_SECTION_SCOPES;
const EXPORT_SECTIONS = Object.keys(EXPORT_SECTION_SCOPES) as [ExportSection, ...ExportSection[]];

const withheld = ' null when the caller lacks the scopes (see `omitted`).';

export const CandidateDataExportSchema = z.object({
  candidate: CandidateSchema,
  interviews: z
    .array(
      InterviewDetailSchema.extend({
        report: z
          .union([InterviewReportSchema, PendingReportSchema])
          .nullable()
          .describe('The full report (as GET /reports/{reportId}), or null: none yet, or the caller lacks reports:read (`omitted` names `interviews.report`).'),
        explanation: z
          .object({ language: z.string().describe('The candidate’s language (en or fr; others get en).'), html: z.string().describe('The document, a self-contained HTML page.') })
          .nullable()
          .describe('The explanation of the assessment (as GET /interviews/{id}/explanation gives it): criteria and weights, the AI’s scores with the quoted evidence, the reviewer’s scores, the decision and who took it; null without a READY report or without reports:read.'),
        decisions: z
          .array(DecisionHistoryEntrySchema)
          .describe('Every decision taken on the interview, newest first: the current one (`current: true`, also in `decision`) and the ones it replaced.'),
      }),
    )
    .nullable()
    .describe(`Every interview of the candidate as GET /interviews/{id} gives it (transcript, evaluation, audio links), newest first; needs interviews:read,${withheld}`),
  testSessions: z.array(TestReportSchema).nullable().describe(`The candidate's technical test results; needs reports:read,${withheld}`),
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
    .nullable()
    .describe(`Teammates' notes about the candidate, on the profile (interviewId null) and on their interviews, newest first; needs interviews:read and reports:read,${withheld}`),
  selfIdentification: ExportedSelfIdentificationSchema.describe(
    "The candidate's voluntary self-identification (bias audit, CONTRACT §14), or null when none is held. This access export is the only payload that ever carries it.",
  ),
  omitted: z
    .array(z.object({ section: z.enum(EXPORT_SECTIONS), missingScopes: z.array(z.enum(SCOPES)) }))
    .describe(
      'The sections left out because the caller lacks their scopes, each with the scopes it misses; [] when the export is complete. A section left out is null (`interviews.report`: each interview\'s `report`), never an empty list that would read as "nothing held".',
    ),
  exportedAt: timestampOut(),
});
export type CandidateDataExport = z.infer<typeof CandidateDataExportSchema>;
