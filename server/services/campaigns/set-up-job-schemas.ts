import { z } from 'zod';
import { CreateInterviewConfigInputSchema } from '../interview-configs/interview-config-schemas';
import { CreateJobInputSchema } from '../jobs/job-schemas';

export const SetUpJobInputSchema = z.strictObject({
  title: CreateJobInputSchema.shape.title,
  description: CreateJobInputSchema.shape.description,
  /** Default: the job's title. */
  campaignName: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters').optional(),
  questionSet: CreateInterviewConfigInputSchema,
});
export type SetUpJobInput = z.input<typeof SetUpJobInputSchema>;

export const SetUpJobOutputSchema = z.object({ jobId: z.string(), configId: z.string(), campaignId: z.string() });
