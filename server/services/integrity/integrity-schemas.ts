import { z } from 'zod';

/** One observation the candidate's page reports; `id` is the page's own (a retry is stored once). */
export const IntegrityEventInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8–64 letters, digits, - or _'),
    kind: z.literal('page_away'),
    /** When the candidate left the page (ISO 8601). */
    at: z.iso.datetime({ offset: true }),
    durationMs: z.number().int().min(0).max(24 * 3600 * 1000),
  }),
  z.strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8–64 letters, digits, - or _'),
    kind: z.literal('paste'),
    at: z.iso.datetime({ offset: true }),
    /** The pending question's turn number the answer is for. */
    turnNumber: z.number().int().min(1).max(10000),
    characters: z.number().int().min(1).max(100_000),
  }),
]);
export type IntegrityEventInput = z.infer<typeof IntegrityEventInputSchema>;

export const IntegrityReportInputSchema = z.strictObject({ events: z.array(IntegrityEventInputSchema).min(1).max(100) });
export type IntegrityReportInput = z.infer<typeof IntegrityReportInputSchema>;

/** The thresholds, documented in docs/DECISIONS.md ("Integrity signals"). */
export const INTEGRITY_THRESHOLDS = {
  /** An absence shorter than this is not reported (a notification banner, a click outside the window). */
  minAwayMs: 1000,
  /** Written: faster than 120 words (600 characters) a minute from the question to the answer cannot have been typed. */
  maxTypedCharactersPerMinute: 600,
  /** Spoken: more than 250 words a minute is faster than people speak. */
  maxSpokenWordsPerMinute: 250,
  /** Short answers ("Yes") say nothing about speed. */
  minCharactersForSpeed: 40,
  /** Live: this long between the interviewer's end and the candidate's first word. */
  longSilenceMs: 10_000,
} as const;

export const IntegritySignalsSchema = z
  .object({
    pageAway: z
      .object({
        count: z.number().int().describe('How many times the candidate left the interview page (another tab or window) for at least a second while the interview was under way.'),
        totalSeconds: z.number().describe('Their total duration, in seconds (one decimal).'),
      })
      .describe('Time away from the page, from the browser’s visibility and focus events.'),
    pastedAnswers: z
      .array(
        z.object({
          turnNumber: z.number().int().describe('The answer’s turn number (the question’s plus one).'),
          pastes: z.number().int().describe('How many times text was pasted into this written answer.'),
          characters: z.number().int().describe('Characters pasted in all.'),
          answerCharacters: z.number().int().nullable().describe('Length of the answer as sent; null if it was not sent.'),
        }),
      )
      .describe('Text pasted into written answers.'),
    fastAnswers: z
      .array(
        z.object({
          turnNumber: z.number().int().describe('The answer’s turn number.'),
          channel: z.enum(['typed', 'spoken']),
          characters: z.number().int(),
          seconds: z.number().describe('Time from the question to the answer (typed) or the recording’s length (spoken).'),
          perMinute: z.number().describe('Characters a minute (typed) or words a minute (spoken).'),
        }),
      )
      .describe('Answers that arrived faster than they could be typed (over 600 characters a minute from the question) or spoken (over 250 words a minute); a written answer with a recorded paste is listed under pastedAnswers only.'),
    longSilences: z
      .array(z.object({ turnNumber: z.number().int().describe('The answer’s turn number.'), seconds: z.number() }))
      .describe('Live interviews: 10 seconds or more between the end of the interviewer’s question and the candidate’s first word.'),
  })
  .describe('Integrity signals: facts observed while the candidate took the interview, never a score, a decision or a judgement about the candidate’s feelings. Many have innocent causes (a notification, notes written beforehand, a pause to think).');
export type IntegritySignals = z.infer<typeof IntegritySignalsSchema>;
