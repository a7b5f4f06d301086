import { z } from 'zod';
import { PaginationInputShape } from '../pagination';
import { CANDIDATE_LANGUAGES } from '@/server/i18n/languages';
import { idString, localeTag, timestampOut } from '../fields';

export const MAX_QUESTIONS = 100;
export const MAX_CRITERIA = 50;

/**
 * Other languages a candidate may take the interview in (the page's language switcher): the supported candidate
 * languages only (en fr de es it nl pt), each once. The interviewer's own words switch; questions stay as written.
 */
export const ExtraLocalesSchema = z
  .array(z.enum(CANDIDATE_LANGUAGES, { message: `Must be one of ${CANDIDATE_LANGUAGES.join(', ')}` }))
  .max(CANDIDATE_LANGUAGES.length, `At most ${CANDIDATE_LANGUAGES.length} languages`)
  .superRefine((languages, ctx) => {
    languages.forEach((l, i) => {
      if (languages.indexOf(l) !== i) ctx.addIssue({ code: 'custom', path: [i], message: `Duplicate language "${l}"` });
    });
  });

const NameSchema = z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters');

/** Criterion keys name report scores and export columns (`criterion:<key>`): kept to a plain identifier. */
export const CriterionKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,49}$/, 'Must be 1 to 50 lower-case letters, digits or underscores, starting with a letter');

export const ConfigQuestionSchema = z.strictObject({
  id: z.string().trim().min(1, 'Required').max(50, 'Must be at most 50 characters').describe('Stable question id, unique in the configuration.'),
  text: z.string().trim().min(1, 'Required').max(2000, 'Must be at most 2000 characters').describe('What the agent asks.'),
  criterion: CriterionKeySchema.optional().describe('Key of the criterion this question evidences.'),
});

const AnchorText = z.string().trim().max(500, 'Must be at most 500 characters').optional();

/** The anchored rating scale of a criterion: what an answer scoring about 2, 5 and 8 (of 10) looks like. */
export const CriterionAnchorsSchema = z
  .strictObject({
    low: AnchorText.describe('What a weak answer (about 2/10) looks like.'),
    mid: AnchorText.describe('What an adequate answer (about 5/10) looks like.'),
    high: AnchorText.describe('What a strong answer (about 8/10) looks like.'),
  })
  .transform((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v !== undefined && v !== '')) as { low?: string; mid?: string; high?: string });

export const ConfigCriterionSchema = z.strictObject({
  key: CriterionKeySchema.describe('Unique key of the criterion.'),
  label: z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters'),
  weight: z.number().positive('Must be greater than 0').max(100, 'Must be at most 100').describe('Relative weight in the overall score, > 0.'),
  anchors: CriterionAnchorsSchema.optional().describe('Optional anchored rating scale: what a 2, a 5 and an 8 look like.'),
});

export const ConfigQuestionsSchema = z
  .array(ConfigQuestionSchema)
  .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`)
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Duplicate question id "${q.id}"` });
      seen.add(q.id);
    });
  });

export const ConfigCriteriaSchema = z
  .array(ConfigCriterionSchema)
  .max(MAX_CRITERIA, `At most ${MAX_CRITERIA} criteria`)
  .superRefine((criteria, ctx) => {
    const seen = new Set<string>();
    criteria.forEach((c, i) => {
      if (seen.has(c.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Duplicate criterion key "${c.key}"` });
      seen.add(c.key);
    });
  });

export const CreateInterviewConfigInputSchema = z.strictObject({
  name: NameSchema.describe('Name of the configuration.'),
  locale: localeTag().default('fr').describe('Language of the interview, a BCP 47 tag. Default fr.'),
  extraLocales: ExtraLocalesSchema.default([]).describe(
    'Other languages the candidate may switch the interview to (en, fr, de, es, it, nl, pt): the page, emails and the interviewer’s own words switch; the questions are asked as written. Default none.',
  ),
  questions: ConfigQuestionsSchema.default([]).describe('Questions, in the order the agent asks them.'),
  criteria: ConfigCriteriaSchema.default([]).describe('Weighted scoring criteria with unique keys.'),
  generateReport: z.boolean().default(true).describe('Report default for interviews without a stage. Default true.'),
  /** The `draftToken` of a generated draft this set was saved from: its provenance is then recorded. */
  draftToken: z.string().max(8000).optional(),
});
export type CreateInterviewConfigInput = z.input<typeof CreateInterviewConfigInputSchema>;

export const UpdateInterviewConfigInputSchema = z
  .strictObject({
    id: idString('Interview configuration id (cfg_…).'),
    name: NameSchema.optional(),
    locale: localeTag().optional(),
    extraLocales: ExtraLocalesSchema.optional(),
    questions: ConfigQuestionsSchema.optional(),
    criteria: ConfigCriteriaSchema.optional(),
    generateReport: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'id' && v[k as keyof typeof v] !== undefined), {
    message: 'Nothing to update: give at least one field',
  });
export type UpdateInterviewConfigInput = z.infer<typeof UpdateInterviewConfigInputSchema>;

export const GenerateQuestionSetInputSchema = z.strictObject({
  jobTitle: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters'),
  jobDescription: z.string().trim().min(30, 'Paste the job description (at least a few sentences)').max(20_000, 'Must be at most 20,000 characters'),
  locale: z.enum(CANDIDATE_LANGUAGES, 'Choose one of en, fr, de, es, it, nl, pt').default('en'),
});

export const ListTemplatesInputSchema = z.strictObject({ locale: z.enum(CANDIDATE_LANGUAGES).optional() });

export const GetInterviewConfigInputSchema = z.strictObject({ id: idString('Interview configuration id (cfg_…).') });

export const ListInterviewConfigsInputSchema = z.strictObject({ ...PaginationInputShape });
export type ListInterviewConfigsInput = z.infer<typeof ListInterviewConfigsInputSchema>;

export const InterviewConfigSchema = z.object({
  id: z.string().describe('Interview configuration id (cfg_…).'),
  name: z.string(),
  locale: z.string(),
  extraLocales: z.array(z.string()).describe('Other languages the candidate may take the interview in.'),
  questions: z.array(z.object({ id: z.string(), text: z.string(), criterion: z.string().optional() })),
  criteria: z.array(z.object({ key: z.string(), label: z.string(), weight: z.number(), anchors: z.object({ low: z.string().optional(), mid: z.string().optional(), high: z.string().optional() }).optional() })),
  generateReport: z.boolean(),
  /** Set when a language model drafted the set: provider, model, prompt version, when, and whether a person edited it. */
  provenance: z
    .object({
      task: z.literal('question-set-generation'),
      provider: z.string(),
      model: z.string(),
      promptVersion: z.string(),
      inputHash: z.string(),
      parameters: z.object({ temperature: z.number(), seed: z.number() }),
      generatedAt: z.string(),
      durationMs: z.number(),
      editedByHuman: z.boolean(),
    })
    .nullable(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type InterviewConfigDto = z.infer<typeof InterviewConfigSchema>;
