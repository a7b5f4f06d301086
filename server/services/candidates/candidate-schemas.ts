import { z } from 'zod';
import { httpUrl, localeTag, timestampOut } from '../fields';

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional();

export const CandidateEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Must be at most 254 characters')
  .pipe(z.email({ message: 'Must be a valid email address' }));

export const CandidateTagsSchema = z
  .array(z.string().trim().min(1, 'Tags must be 1 to 50 characters').max(50, 'Tags must be 1 to 50 characters'))
  .max(50, 'At most 50 tags')
  .transform((tags) => [...new Set(tags)]);

const PhoneSchema = z.string().trim().regex(/^\+?[0-9][0-9 ().-]{1,38}$/, 'Must be a telephone number such as +33 6 12 34 56 78');

export const CreateCandidateInputSchema = z.strictObject({
  email: CandidateEmailSchema.describe('Unique within the organization; stored trimmed and lower-cased.'),
  firstName: optionalText(100).describe('First name.'),
  lastName: optionalText(100).describe('Family name.'),
  phone: PhoneSchema.nullable().optional().describe('Telephone number.'),
  locale: localeTag().optional().describe('Preferred language, a BCP 47 tag. Default fr.'),
  cvUrl: httpUrl().nullable().optional().describe('http(s) URL of the CV.'),
  tags: CandidateTagsSchema.optional().describe('Up to 50 distinct tags of 1 to 50 characters.'),
  source: optionalText(200).describe('Acquisition source, free text.'),
});
export type CreateCandidateInput = z.infer<typeof CreateCandidateInputSchema>;

/**
 * A partial update with the create rules field by field: an absent field is left as it is, null clears an
 * optional one, `tags` replaces the whole set (an empty array clears it). The email cannot be cleared. "Nothing to
 * update" is checked by the service: a refinement here would cost the OpenAPI body its additionalProperties: false.
 */
export const UpdateCandidateInputSchema = z.strictObject({
  id: z.string().min(1, 'Required').max(100, 'Must be at most 100 characters').describe('Candidate id (cnd_…).'),
  email: CandidateEmailSchema.optional().describe('New email; unique within the organization (409 CONFLICT with existingId otherwise).'),
  firstName: optionalText(100).describe('First name; null clears it.'),
  lastName: optionalText(100).describe('Family name; null clears it.'),
  phone: PhoneSchema.nullable().optional().describe('Telephone number; null clears it.'),
  locale: localeTag().optional().describe('Preferred language, a BCP 47 tag.'),
  cvUrl: httpUrl().nullable().optional().describe('http(s) URL of the CV; null clears it.'),
  tags: CandidateTagsSchema.optional().describe('Replaces the tags: up to 50 distinct tags of 1 to 50 characters; [] clears them.'),
  source: optionalText(200).describe('Acquisition source; null clears it.'),
});
export type UpdateCandidateInput = z.infer<typeof UpdateCandidateInputSchema>;

export const CandidateSchema = z.object({
  id: z.string().describe('Candidate id (cnd_…).'),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  cvUrl: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.string().nullable(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type CandidateDto = z.infer<typeof CandidateSchema>;
