import { z } from 'zod';
import { PaginationInputShape } from '../pagination';
import { idString, localeTag, timestampOut } from '../fields';
import { CANDIDATE_LANGUAGES } from '@/server/i18n/languages';

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

export const ConfigCriterionSchema = z.strictObject({
  key: CriterionKeySchema.describe('Unique key of the criterion.'),
  label: z.string().trim().min(1, 'Required').max(100, 'Must be at most 100 characters'),
  weight: z.number().positive('Must be greater than 0').max(100, 'Must be at most 100').describe('Relative weight in the overall score, > 0.'),
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

export const GetInterviewConfigInputSchema = z.strictObject({ id: idString('Interview configuration id (cfg_…).') });

export const ListInterviewConfigsInputSchema = z.strictObject({ ...PaginationInputShape });
export type ListInterviewConfigsInput = z.infer<typeof ListInterviewConfigsInputSchema>;

export const InterviewConfigSchema = z.object({
  id: z.string().describe('Interview configuration id (cfg_…).'),
  name: z.string(),
  locale: z.string(),
  extraLocales: z.array(z.string()).describe('Other languages the candidate may take the interview in.'),
  questions: z.array(z.object({ id: z.string(), text: z.string(), criterion: z.string().optional() })),
  criteria: z.array(z.object({ key: z.string(), label: z.string(), weight: z.number() })),
  generateReport: z.boolean(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type InterviewConfigDto = z.infer<typeof InterviewConfigSchema>;
