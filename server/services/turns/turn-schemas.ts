import { z } from 'zod';
import { httpUrl, timestampOut } from '../fields';

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
  })
  .superRefine((value, ctx) => {
    if (value.isPendingQuestion && value.role !== 'agent') {
      ctx.addIssue({ code: 'custom', path: ['isPendingQuestion'], message: 'Only an agent turn can be a pending question' });
    }
  });
export type RecordTurnInput = z.infer<typeof RecordTurnInputSchema>;

export const UpdateTurnInputSchema = z
  .strictObject({
    content: turnContent().optional(),
    audioUrl: turnAudioUrl().nullable().optional(),
    evaluation: EvaluationInputSchema.nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Give at least one of content, audioUrl, evaluation');
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
