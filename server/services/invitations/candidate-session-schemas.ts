import { z } from 'zod';
import { ANSWER_MODES, type AnswerMode } from '@/db/schema';
import { MAX_TURN_CONTENT_CHARS, turnContent } from '../turns/turn-schemas';
import { CANDIDATE_LANGUAGES, type CandidateLanguage } from '@/server/i18n/languages';

/** What the candidate's page reads: GET /api/invitations/:token/session, and the answer of every action. */
export type CandidateSession = {
  status: 'OPEN' | 'IN_PROGRESS' | 'COMPLETED' | 'EXPIRED' | 'CANCELLED';
  consentedAt: string | null;
  language: CandidateLanguage;
  mode: 'interviewer' | 'external';
  joinUrl: string | null;
  /** How this candidate answers, set by the start (never changed); null before it and with an external agent. */
  answerMode: AnswerMode | null;
  /** The modes a start may ask for, best first (empty with an external agent platform). */
  answerModes: AnswerMode[];
  /** `live`: a real-time spoken conversation is available (GET /api/invitations/:token/live, docs/INTERVIEWER.md). */
  voice: { transcription: boolean; speech: 'server' | 'browser'; live: boolean };
  answerTimeLimitSeconds: number;
  progress: { answered: number; total: number };
  question: { turnNumber: number; index: number; text: string; isFollowUp: boolean } | null;
  /**
   * The conversation so far with the built-in interviewer, oldest first, for the page's thread (a reload rebuilds
   * it from here): the greeting as its own message, each question and the candidate's own answers. Empty before
   * the start and with an external agent platform (the page shows no words of that conversation).
   */
  thread: CandidateThreadMessage[];
  /**
   * Once the interview is completed, in an organization that collects it: `ask` (the page asks the two optional
   * questions of the bias audit), `answered` (asked and answered); null otherwise. Never the answers themselves.
   */
  selfIdentification: 'ask' | 'answered' | null;
};

export type CandidateThreadMessage = {
  turnNumber: number;
  from: 'interviewer' | 'candidate';
  kind: 'greeting' | 'question' | 'follow-up' | 'answer';
  text: string;
};

export const StartCandidateInputSchema = z.object({
  consent: z.literal(true, { message: 'Must be true: the candidate acknowledges the notice before starting' }),
  /** Absent: the best available mode. Kept from the first start: a later start never changes it. */
  answerMode: z.enum(ANSWER_MODES, { message: 'Must be live, recorded or written' }).optional(),
  /**
   * The language the candidate chose with the page's switcher, one the configuration allows (else a 400). Absent:
   * the interview's own (the configuration's, or the candidate's when it allows it). Kept from the first start.
   */
  language: z.enum(CANDIDATE_LANGUAGES, { message: `Must be one of ${CANDIDATE_LANGUAGES.join(', ')}` }).optional(),
});

export const CandidateAnswerInputSchema = z.strictObject({
  text: turnContent().describe(`The answer, as typed or as the corrected transcript (at most ${MAX_TURN_CONTENT_CHARS} characters).`),
  audioId: z
    .string()
    .regex(/^rec_[0-9A-Za-z]{8,64}$/, 'Must be an audioId returned by the upload')
    .optional(),
});
export type CandidateAnswerInput = z.infer<typeof CandidateAnswerInputSchema>;
