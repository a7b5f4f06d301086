import { z } from 'zod';
import { PaginationInputShape } from '../pagination';
import { idString, timestampOut } from '../fields';

const NameSchema = z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters');

export const CreateCampaignInputSchema = z.strictObject({
  jobId: idString('Job posting id (job_…) the campaign hires for.'),
  name: NameSchema.describe('Name of the hiring process.'),
  configId: idString('Interview configuration id (cfg_…): the question set every invitation of the campaign uses unless its stage or the invitation names another.').nullable().optional(),
});
export type CreateCampaignInput = z.infer<typeof CreateCampaignInputSchema>;

/**
 * Only the name and the question set change: interviews copy the campaign's job, so moving a campaign to another job would leave
 * them pointing at a campaign of a different job.
 */
export const UpdateCampaignInputSchema = z.strictObject({
  id: idString('Campaign id (cmp_…).'),
  name: NameSchema.optional(),
  /** null takes the question set off: invitations then use the stage's or the default questions. */
  configId: idString('Interview configuration id (cfg_…); null for none.').nullable().optional(),
}).refine((v) => v.name !== undefined || v.configId !== undefined, { message: 'Nothing to update: give name or configId' });
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
  configId: z.string().nullable().describe('The question set of its invitations (cfg_…), or null for the default questions.'),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type CampaignDto = z.infer<typeof CampaignSchema>;
