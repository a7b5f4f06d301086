import { z } from 'zod';
import { ATS_KINDS } from '@/db/schema';
import { idString } from '../fields';

export const AtsKindSchema = z.enum(ATS_KINDS, { error: (issue) => `Unknown ATS ${JSON.stringify(issue.input)}; must be one of: ${ATS_KINDS.join(', ')}` });

/** How each ATS is named to people (the interview page's "Source", the log, the docs). */
export const ATS_LABELS = { greenhouse: 'Greenhouse', ashby: 'Ashby', workable: 'Workable', lever: 'Lever' } as const;

export const CreateAtsCredentialInputSchema = z.strictObject({
  ats: AtsKindSchema,
  name: z.string().trim().min(1, 'Must not be empty').max(100, 'Must be at most 100 characters').optional(),
});
export type CreateAtsCredentialInput = z.infer<typeof CreateAtsCredentialInputSchema>;

export const AtsIdInputSchema = z.strictObject({ id: idString('Id.') });

export const SaveTestMappingInputSchema = z.strictObject({
  ats: AtsKindSchema,
  name: z.string().trim().min(1, 'Must not be empty').max(200, 'Must be at most 200 characters'),
  campaignId: idString('Campaign id (cmp_…).'),
  stageId: idString('Stage id (stg_…).').nullable().optional(),
  configId: idString('Interview configuration id (cfg_…).').nullable().optional(),
});
export type SaveTestMappingInput = z.infer<typeof SaveTestMappingInputSchema>;

export const UpdateTestMappingInputSchema = SaveTestMappingInputSchema.omit({ ats: true }).extend({ id: idString('Test mapping id (att_…).') });
export type UpdateTestMappingInput = z.infer<typeof UpdateTestMappingInputSchema>;

export const ListAtsInputSchema = z.strictObject({ ats: AtsKindSchema });
