import { z } from 'zod';
import { DECLINED, SELF_IDENTIFIED_RACES_ETHNICITIES, SELF_IDENTIFIED_SEXES } from '@/db/schema';
import { timestampOut } from '../fields';

const SEX_VALUES = [...SELF_IDENTIFIED_SEXES, DECLINED] as const;
const RACE_ETHNICITY_VALUES = [...SELF_IDENTIFIED_RACES_ETHNICITIES, DECLINED] as const;

/**
 * One answer of each question: a category, "declined" (prefer not to say), or null (clears an earlier answer).
 * An absent field leaves the stored answer as it is. Shared by PUT /candidates/{id}/self-identification and the
 * candidate's own page, so both accept exactly the same values.
 */
export const SelfIdentificationAnswersSchema = z.strictObject({
  sex: z
    .enum(SEX_VALUES, { message: `Must be one of ${SEX_VALUES.join(', ')}, or null` })
    .nullable()
    .optional()
    .describe('female, male, "declined" (prefer not to say), or null (unanswered). Absent: unchanged.'),
  raceEthnicity: z
    .enum(RACE_ETHNICITY_VALUES, { message: `Must be one of ${RACE_ETHNICITY_VALUES.join(', ')}, or null` })
    .nullable()
    .optional()
    .describe('One of the EEO-1 categories, "declined" (prefer not to say), or null (unanswered). Absent: unchanged.'),
});
export type SelfIdentificationAnswers = z.infer<typeof SelfIdentificationAnswersSchema>;

export const SetSelfIdentificationInputSchema = SelfIdentificationAnswersSchema.extend({
  id: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').describe('Candidate id (cnd_…).'),
});

/** What the candidate's own access export holds of it (GET /candidates/{id}/export), and nothing else ever does. */
export const ExportedSelfIdentificationSchema = z
  .object({
    sex: z.enum(SEX_VALUES).nullable(),
    raceEthnicity: z.enum(RACE_ETHNICITY_VALUES).nullable(),
    createdAt: timestampOut(),
    updatedAt: timestampOut(),
  })
  .nullable();

export const SelfIdentificationSettingsSchema = z.object({
  collectSelfIdentification: z
    .boolean()
    .describe('Candidates are asked for their voluntary self-identification after the interview, and API clients may set it.'),
});
export type SelfIdentificationSettings = z.infer<typeof SelfIdentificationSettingsSchema>;

export const UpdateSelfIdentificationSettingsInputSchema = z.strictObject({
  collectSelfIdentification: z.boolean({ message: 'Must be true or false' }),
});
