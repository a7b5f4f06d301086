import { z } from 'zod';
import { ATS_KINDS } from '@/db/schema';
import { idString } from '../fields';

export const AtsKindSchema = z.enum(ATS_KINDS, { error: (issue) => `Unknown ATS ${JSON.stringify(issue.input)}; must be one of: ${ATS_KINDS.join(', ')}` });

/** How each ATS is named to people (the interview page's "Source", the log, the docs). */
export const ATS_LABELS = { greenhouse: 'Greenhouse', ashby: 'Ashby', workable: 'Workable', lever: 'Lever' } as const;

export const CreateAtsCredentialInputSchema = z.strictObject({
  ats: AtsKindSchema,
  name: z.string().trim().min(1, 'Must not be empty').max(100, 'Must be at most 100 characters').optional(),
  /** Ashby: the customer's Ashby API key (candidatesWrite), with which we call assessment.update. Write-only. */
  apiKey: z.string().trim().min(1, 'Must not be empty').max(500, 'Must be at most 500 characters').optional(),
  /** Lever: the signature token Lever shows for the webhook, with which its webhooks are signed. Write-only. */
  signingSecret: z.string().trim().min(1, 'Must not be empty').max(500, 'Must be at most 500 characters').optional(),
});
export type CreateAtsCredentialInput = z.infer<typeof CreateAtsCredentialInputSchema>;

export const AtsIdInputSchema = z.strictObject({ id: idString('Id.') });

/** Give or replace the customer's secrets of an integration (Lever's signature token comes after its webhook exists). */
export const SetAtsCredentialSecretsInputSchema = z
  .strictObject({
    id: idString('Integration credential id (atc_…).'),
    apiKey: CreateAtsCredentialInputSchema.shape.apiKey,
    signingSecret: CreateAtsCredentialInputSchema.shape.signingSecret,
  })
  .refine((v) => v.apiKey !== undefined || v.signingSecret !== undefined, { message: 'Give an API key, a signature token, or both', path: ['signingSecret'] });

export const SaveTestMappingInputSchema = z.strictObject({
  ats: AtsKindSchema,
  name: z.string().trim().min(1, 'Must not be empty').max(200, 'Must be at most 200 characters'),
  campaignId: idString('Campaign id (cmp_…).'),
  stageId: idString('Stage id (stg_…).').nullable().optional(),
  configId: idString('Interview configuration id (cfg_…).').nullable().optional(),
  /** Lever: the id of the Lever stage that orders this test when an opportunity moves into it. */
  atsStageId: z.string().trim().min(1, 'Must not be empty').max(200, 'Must be at most 200 characters').nullable().optional(),
});
export type SaveTestMappingInput = z.infer<typeof SaveTestMappingInputSchema>;

export const UpdateTestMappingInputSchema = SaveTestMappingInputSchema.omit({ ats: true }).extend({ id: idString('Test mapping id (att_…).') });
export type UpdateTestMappingInput = z.infer<typeof UpdateTestMappingInputSchema>;

export const ListAtsInputSchema = z.strictObject({ ats: AtsKindSchema });

export const AtsCredentialSchema = z.object({
  id: z.string(),
  ats: AtsKindSchema,
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it.'),
  hasApiKey: z.boolean().describe("Whether the customer's key for the ATS's own API was given (it is never returned)."),
  hasSigningSecret: z.boolean().describe('Whether the secret the ATS signs its webhooks with was given (Lever; never returned).'),
  webhookUrl: z.string().nullable().describe('Where the ATS sends its webhooks for this integration (Lever), else null.'),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const CreatedAtsCredentialSchema = AtsCredentialSchema.extend({ key: z.string().describe('The plaintext key: shown this once, never stored.') });

export const TestMappingSchema = z.object({
  id: z.string(),
  ats: AtsKindSchema,
  name: z.string(),
  campaignId: z.string(),
  jobId: z.string(),
  stageId: z.string().nullable(),
  configId: z.string().nullable(),
  atsStageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const AtsLogEntrySchema = z.object({
  id: z.string(),
  ats: AtsKindSchema,
  direction: z.enum(['inbound', 'outbound']),
  operation: z.string(),
  orderId: z.string().nullable(),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});

export const AtsWritebackSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  interviewId: z.string(),
  kind: z.string(),
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  error: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const IntegrationOverviewSchema = z.object({
  ats: AtsKindSchema,
  label: z.string(),
  /** The addresses to give the ATS's partner team (Greenhouse asks for one URL per operation). */
  endpoints: z.array(z.object({ operation: z.string(), method: z.string(), url: z.string() })),
  credentials: z.array(AtsCredentialSchema),
  tests: z.array(TestMappingSchema),
  writebacks: z.array(AtsWritebackSchema),
  log: z.array(AtsLogEntrySchema),
});

export const InterviewSourceSchema = z.object({ ats: AtsKindSchema, label: z.string(), orderId: z.string(), testName: z.string().nullable() }).nullable();

export const LeverStagesInputSchema = z.strictObject({ credentialId: idString('Lever integration credential id (atc_…).') });
export const LeverStagesSchema = z.array(z.object({ id: z.string(), name: z.string() }));
