import { z } from 'zod';
import { PaginationInputShape } from '../pagination';
import { idString, timestampOut } from '../fields';

const TitleSchema = z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters');
const DescriptionSchema = z
  .string()
  .trim()
  .max(20_000, 'Must be at most 20000 characters')
  .transform((v) => (v === '' ? null : v))
  .nullable();

export const CreateJobInputSchema = z.strictObject({
  title: TitleSchema.describe('Title of the job posting.'),
  description: DescriptionSchema.optional().describe('Free-text description; empty means none.'),
});
export type CreateJobInput = z.infer<typeof CreateJobInputSchema>;

export const UpdateJobInputSchema = z
  .strictObject({
    id: idString('Job posting id (job_…).'),
    title: TitleSchema.optional(),
    description: DescriptionSchema.optional(),
  })
  .refine((v) => v.title !== undefined || v.description !== undefined, { message: 'Nothing to update: give title or description' });
export type UpdateJobInput = z.infer<typeof UpdateJobInputSchema>;

export const GetJobInputSchema = z.strictObject({ id: idString('Job posting id (job_…).') });

export const ListJobsInputSchema = z.strictObject({
  ...PaginationInputShape,
  search: z.string().trim().max(200, 'Must be at most 200 characters').optional().describe('Case-insensitive substring of the title.'),
});
export type ListJobsInput = z.infer<typeof ListJobsInputSchema>;

export const JobSchema = z.object({
  id: z.string().describe('Job posting id (job_…).'),
  title: z.string(),
  description: z.string().nullable(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type JobDto = z.infer<typeof JobSchema>;
