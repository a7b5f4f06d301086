import { z } from 'zod';
import { httpUrl, nullableTimestampOut, timestampOut } from '../fields';

export const MAX_TURN_NUMBER = 10_000;
export const MAX_TURN_CONTENT_CHARS = 20_000;
export const MAX_EVALUATION_BYTES = 16 * 1024;
/** Internal turn bodies are small; this bounds what a turn request may make the server read. */
export const MAX_TURN_BODY_BYTES = 256 * 1024;
/** PostgreSQL rejects very deep JSON documents with a server error; no evaluation needs this many levels. */
export const MAX_EVALUATION_DEPTH = 32;

// PostgreSQL text and jsonb cannot hold U+0000: refuse it here as a 400 instead of failing in the database.
const NUL = /\u0000/;

export const turnContent = () =>
  z
    .string()
    .max(MAX_TURN_CONTENT_CHARS, `Must be at most ${MAX_TURN_CONTENT_CHARS} characters`)
    .refine((v) => !NUL.test(v), 'Must not contain the NUL character');

/** A turn's place in the interview's whole recording: at most a day from its start (offsetMs, durationMs). */
export const MAX_RECORDING_MS = 24 * 3600 * 1000;
/** Turn times outside these years are a client's bug (an epoch in seconds, a zero date), not an interview. */
const EARLIEST_TURN_TIME = Date.UTC(2000, 0, 1);
const LATEST_TURN_TIME = Date.UTC(2100, 0, 1);

const turnTime = (what: string) =>
  z.iso
    .datetime({ offset: true, message: 'Must be an ISO 8601 date-time such as 2026-12-01T09:00:00.000Z' })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() >= EARLIEST_TURN_TIME && d.getTime() < LATEST_TURN_TIME, 'Must be between the years 2000 and 2099')
    .describe(what);

const recordingMs = (what: string) =>
  z
    .number({ message: `Must be an integer from 0 to ${MAX_RECORDING_MS}` })
    .int(`Must be an integer from 0 to ${MAX_RECORDING_MS}`)
    .min(0, `Must be an integer from 0 to ${MAX_RECORDING_MS}`)
    .max(MAX_RECORDING_MS, `Must be an integer from 0 to ${MAX_RECORDING_MS}`)
    .describe(what);

/** The turn's timing (CONTRACT §13), the same on POST and PATCH; each optional, null when unknown. */
const turnTimingShape = {
  startedAt: turnTime('When the utterance began (ISO 8601); null or absent when unknown.').nullable().optional(),
  endedAt: turnTime('When the utterance ended (ISO 8601, not before startedAt); null or absent when unknown.').nullable().optional(),
  offsetMs: recordingMs("Where the turn begins in the interview's whole recording (its audioUrl), in ms from its start.").nullable().optional(),
  durationMs: recordingMs("How long the turn lasts in the interview's whole recording, in ms.").nullable().optional(),
};
export type TurnTiming = { startedAt?: Date | null; endedAt?: Date | null; offsetMs?: number | null; durationMs?: number | null };

/** endedAt before startedAt, both given: the issue names endedAt. */
function checkTimingOrder(value: TurnTiming, ctx: z.RefinementCtx): void {
  if (value.startedAt && value.endedAt && value.endedAt.getTime() < value.startedAt.getTime()) {
    ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'Must not be before startedAt' });
  }
}

export const turnAudioUrl = () => httpUrl().describe('URL of the audio recording of the turn (http or https).');

/**
 * A language-model evaluation. Its documented shape is `{ scores: { <criterion>: 0..10 }, flags: [<code>],
 * comment }`; those keys are checked when present and any other key is kept as given.
 */
export const EvaluationInputSchema = z
  .looseObject({
    scores: z
      .record(
        z.string().min(1, 'Criterion keys must not be empty').max(100, 'Criterion keys must be at most 100 characters'),
        z.number().min(0, 'Scores must be between 0 and 10').max(10, 'Scores must be between 0 and 10'),
      )
      .optional(),
    flags: z.array(z.string().min(1, 'Flags must not be empty').max(100, 'Flags must be at most 100 characters')).max(100).optional(),
    comment: z.string().max(MAX_TURN_CONTENT_CHARS).optional(),
  })
  .superRefine((value, ctx) => {
    const problem = jsonProblem(value, 0);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    else if (Buffer.byteLength(JSON.stringify(value), 'utf8') > MAX_EVALUATION_BYTES) {
      ctx.addIssue({ code: 'custom', message: `Must be at most ${MAX_EVALUATION_BYTES / 1024} KiB as JSON` });
    }
  });
export type EvaluationInput = z.infer<typeof EvaluationInputSchema>;

function jsonProblem(value: unknown, depth: number): string | null {
  if (depth > MAX_EVALUATION_DEPTH) return `Must not nest deeper than ${MAX_EVALUATION_DEPTH} levels`;
  if (typeof value === 'string') return NUL.test(value) ? 'Must not contain the NUL character' : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (NUL.test(key)) return 'Must not contain the NUL character';
      const problem = jsonProblem(item, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

export const RecordTurnInputSchema = z
  .strictObject({
    turnNumber: z
      .number({ message: 'Must be an integer from 1 to 10000' })
      .int('Must be an integer from 1 to 10000')
      .min(1, 'Must be an integer from 1 to 10000')
      .max(MAX_TURN_NUMBER, 'Must be an integer from 1 to 10000'),
    role: z.enum(['agent', 'candidate'], { message: "Must be 'agent' or 'candidate'" }),
    content: turnContent().optional(),
    audioUrl: turnAudioUrl().nullable().optional(),
    isPendingQuestion: z.boolean().optional(),
    evaluation: EvaluationInputSchema.nullable().optional(),
    ...turnTimingShape,
  })
  .superRefine((value, ctx) => {
    if (value.isPendingQuestion && value.role !== 'agent') {
      ctx.addIssue({ code: 'custom', path: ['isPendingQuestion'], message: 'Only an agent turn can be a pending question' });
    }
    checkTimingOrder(value, ctx);
  });
export type RecordTurnInput = z.infer<typeof RecordTurnInputSchema>;

export const UpdateTurnInputSchema = z
  .strictObject({
    content: turnContent().optional(),
    audioUrl: turnAudioUrl().nullable().optional(),
    evaluation: EvaluationInputSchema.nullable().optional(),
    ...turnTimingShape,
  })
  .refine((value) => Object.keys(value).length > 0, 'Give at least one of content, audioUrl, evaluation, startedAt, endedAt, offsetMs, durationMs')
  .superRefine(checkTimingOrder);
export type UpdateTurnInput = z.infer<typeof UpdateTurnInputSchema>;

/** The path segment :turnNumber: a plain decimal integer in range, otherwise a 400 naming it. */
export const TurnNumberParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,4}$/, 'Must be an integer from 1 to 10000')
  .transform(Number)
  .pipe(z.number().max(MAX_TURN_NUMBER, 'Must be an integer from 1 to 10000'));

export const TurnSchema = z.object({
  turnNumber: z.number().int(),
  role: z.enum(['agent', 'candidate']),
  content: z.string(),
  audioUrl: z.string().nullable(),
  isPendingQuestion: z.boolean(),
  evaluation: z.record(z.string(), z.unknown()).nullable(),
  ...turnTimingOut(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type TurnDto = z.infer<typeof TurnSchema>;

export type HistoryDto = {
  interviewId: string;
  status: string;
  turns: TurnDto[];
  pendingQuestion: TurnDto | null;
};

/** The timing fields as every turn read returns them (history, the turn routes, v1's transcript, reports, dashboard). */
export function turnTimingOut() {
  return {
    startedAt: nullableTimestampOut().describe('When the utterance began (ISO 8601 UTC); null when unknown.'),
    endedAt: nullableTimestampOut().describe('When the utterance ended (ISO 8601 UTC); null when unknown.'),
    offsetMs: z
      .number()
      .int()
      .nullable()
      .describe("Where the turn begins in the interview's whole recording (audioUrl), in ms from its start; null when unknown."),
    durationMs: z.number().int().nullable().describe("The turn's length in the interview's whole recording, in ms; null when unknown."),
  };
}
