import { z } from 'zod';
import { AnalyticsFilterShape } from '../analytics/analytics-filter';

export const BiasAuditInputSchema = z.strictObject({
  ...AnalyticsFilterShape,
  basis: z
    .enum(['score', 'decision'], { message: 'Must be score or decision' })
    .default('score')
    .describe('score (default): the scoring rate, above the median AI overall score; decision: the selection rate, decided ADVANCE.'),
});
export type BiasAuditInput = z.infer<typeof BiasAuditInputSchema>;

const BiasAuditCategorySchema = z.object({
  category: z.string().describe('The category: a sex, a race/ethnicity, or `<sex>/<raceEthnicity>`.'),
  n: z.number().int().describe('Candidates of the sample in this category.'),
  rate: z.number().nullable().describe('Scoring rate (basis=score) or selection rate (basis=decision), 0..1; null when n is 0.'),
  impactRatio: z
    .number()
    .nullable()
    .describe("rate / the highest rate among the dimension's categories that are not excluded; null when excluded, when n is 0, or when no category has a positive rate."),
  excluded: z.boolean().describe('True when the category holds under 2 % of the sample with a known value in this dimension (it keeps n and rate, and gets no impact ratio).'),
  fisherP: z
    .number()
    .nullable()
    .describe('Two-sided Fisher exact test p-value of this category against the rest of the sample with a known value in the dimension; null when n is 0.'),
});

export const BiasAuditSchema = z.object({
  basis: z.enum(['score', 'decision']),
  sampleSize: z.number().int().describe('Candidates in the sample: one interview each, their latest completed one in the filter, with an AI overall score (score) or a current decision (decision).'),
  medianScore: z.number().nullable().describe('basis=score: the median AI overall score of the sample (null when it is empty); basis=decision: null.'),
  unknown: z
    .object({
      sex: z.number().int().describe('Candidates of the sample with no known sex (not answered, or declined).'),
      raceEthnicity: z.number().int().describe('Candidates of the sample with no known race/ethnicity (not answered, or declined).'),
    })
    .describe('Counted apart from every category.'),
  categories: z.object({
    sex: z.array(BiasAuditCategorySchema).describe('female, male.'),
    raceEthnicity: z
      .array(BiasAuditCategorySchema)
      .describe('hispanic_latino, white, black_african_american, native_hawaiian_pacific_islander, asian, american_indian_alaska_native, two_or_more.'),
    intersectional: z.array(BiasAuditCategorySchema).describe('`<sex>/<raceEthnicity>`, among candidates with both known.'),
  }),
  method: z.string().describe('How the figures were computed, in words (for the published summary).'),
});
export type BiasAudit = z.infer<typeof BiasAuditSchema>;
