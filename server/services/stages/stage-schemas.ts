import { z } from 'zod';
import { PaginationInputShape } from '../pagination';
import { idString, timestampOut } from '../fields';

const NameSchema = z.string().trim().min(1, 'Required').max(200, 'Must be at most 200 characters');
const PositionSchema = z.number().int('Must be an integer').min(0, 'Must be at least 0').max(10_000, 'Must be at most 10000');

export const CreateStageInputSchema = z.strictObject({
  campaignId: idString('Campaign id (cmp_…) the stage belongs to.'),
  name: NameSchema.describe('Name of the pipeline stage.'),
  position: PositionSchema.optional().describe('Order in the pipeline, from 0. Default: after the last stage.'),
  generateReport: z.boolean().default(true).describe("Whether finalizing an interview of this stage generates a report by default. Default true."),
  configId: idString("Interview configuration id (cfg_…) of this stage's invitations; default: the campaign's.").nullable().optional(),
});
export type CreateStageInput = z.input<typeof CreateStageInputSchema>;

/** The campaign is fixed: interviews attached to the stage were checked against it. */
export const UpdateStageInputSchema = z
  .strictObject({
    id: idString('Stage id (stg_…).'),
    name: NameSchema.optional(),
    position: PositionSchema.optional(),
    generateReport: z.boolean().optional(),
    /** null: the stage's invitations use the campaign's question set. */
    configId: idString('Interview configuration id (cfg_…); null for the campaign’s.').nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.position !== undefined || v.generateReport !== undefined || v.configId !== undefined, {
    message: 'Nothing to update: give name, position, generateReport or configId',
  });
export type UpdateStageInput = z.infer<typeof UpdateStageInputSchema>;

export const GetStageInputSchema = z.strictObject({ id: idString('Stage id (stg_…).') });

export const ListStagesInputSchema = z.strictObject({
  ...PaginationInputShape,
  campaignId: z.string().max(100).optional().describe('Only the stages of this campaign.'),
});
export type ListStagesInput = z.infer<typeof ListStagesInputSchema>;

export const StageSchema = z.object({
  id: z.string().describe('Stage id (stg_…).'),
  campaignId: z.string(),
  name: z.string(),
  position: z.number().int(),
  generateReport: z.boolean(),
  configId: z.string().nullable().describe("The stage's own question set (cfg_…), or null for the campaign's."),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type StageDto = z.infer<typeof StageSchema>;

/** The campaign's stages, every one of them, in their new pipeline order. */
export const ReorderStagesInputSchema = z.strictObject({
  campaignId: idString('Campaign id (cmp_…).'),
  stageIds: z
    .array(z.string().min(1, 'Required').max(100, 'Must be at most 100 characters'))
    .min(1, 'Give the campaign’s stages')
    .max(200, 'At most 200 stages')
    .refine((ids) => new Set(ids).size === ids.length, 'Each stage may appear once'),
});
export type ReorderStagesInput = z.infer<typeof ReorderStagesInputSchema>;
