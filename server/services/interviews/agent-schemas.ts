import { z } from 'zod';
import { httpUrl, isoDateTime } from '../fields';
import type { CandidateLanguage } from '@/server/i18n/languages';

/** Body of POST /api/interviews/:id/finalize; every field optional, unknown fields refused. */
export const FinalizeInterviewInputSchema = z.strictObject({
  endedAt: isoDateTime().optional().describe('Actual end time of the conversation. Default: now.'),
  audioUrl: httpUrl().optional().describe('URL of the full audio recording (http or https).'),
  generateReport: z
    .boolean()
    .optional()
    .describe("Generate the AI report. Default: the stage's setting, else the configuration's, else true."),
});
export type FinalizeInterviewInput = z.infer<typeof FinalizeInterviewInputSchema>;

export type FinalizeInterviewOutput = {
  interviewId: string;
  status: 'COMPLETED';
  endedAt: string;
  reportId: string | null;
  reportStatus: 'PENDING' | 'READY' | 'FAILED' | null;
};

export type AgentContextDto = {
  interviewId: string;
  status: string;
  expiresAt: string;
  startedAt: string | null;
  /** Only what the agent needs to address the candidate: no surname, email or phone. */
  candidate: { firstName: string | null; locale: string };
  job: { title: string };
  configId: string | null;
  /** The configuration's language, when the interview has one. */
  configLocale: string | null;
  /**
   * The language to speak (one interview, one language): the configuration's, or one of its extra languages the
   * candidate chose or prefers; the candidate's own only when the interview has no configuration.
   */
  language: CandidateLanguage;
  questions: { id: string; text: string; criterion: string | null }[];
  /** `anchors`: the criterion's rating scale (what a 2, 5 and 8 look like), when the recruiter wrote one. */
  criteria: { key: string; label: string; weight: number; anchors?: { low?: string; mid?: string; high?: string } }[];
};
