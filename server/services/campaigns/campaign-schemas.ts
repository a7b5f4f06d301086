import { z } from 'zod';
import { PaginationInputShape } from '../pagination';
import { idString, timestampOut } from '../fields';

const NameSchema = z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters');

export const CreateCampaignInputSchema = z.strictObject({
  jobId: idString('Job posting id (job_…) the campaign hires for.'),
  name: NameSchema.describe('Name of the hiring process.'),
});
export type CreateCampaignInput = z.infer<typeof CreateCampaignInputSchema>;

/**
 * Only the name changes: interviews copy the campaign's job, so moving a campaign to another job would leave
 * them pointing at a campaign of a different job.
 */
export const UpdateCampaignInputSchema = z.strictObject({
  id: idString('Campaign id (cmp_…).'),
  name: NameSchema,
});
export type UpdateCampaignInput = z.infer<typeof UpdateCampaignInputSchema>;

export const GetCampaignInputSchema = z.strictObject({ id: idString('Campaign id (cmp_…).') });

export const ListCampaignsInputSchema = z.strictObject({
  ...PaginationInputShape,
  jobId: z.string().max(100).optional().describe('Only the campaigns of this job posting.'),
});
export type ListCampaignsInput = z.infer<typeof ListCampaignsInputSchema>;

export const CampaignSchema = z.object({
  id: z.string().describe('Campaign id (cmp_…).'),
  jobId: z.string(),
  name: z.string(),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type CampaignDto = z.infer<typeof CampaignSchema>;
