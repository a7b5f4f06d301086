import { z } from 'zod';
import { timestampOut } from '../fields';

export const CreateOrganizationInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters').describe('Display name of the organization.'),
});
export type CreateOrganizationInput = z.infer<typeof CreateOrganizationInputSchema>;

export const OrganizationSchema = z.object({
  id: z.string().describe('Organization id (org_…).'),
  name: z.string(),
  createdAt: timestampOut(),
});
export type OrganizationDto = z.infer<typeof OrganizationSchema>;
