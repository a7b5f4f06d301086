import { z } from 'zod';
import { PROVIDER_KINDS } from '@/db/schema';

export const ProviderKindSchema = z.enum(PROVIDER_KINDS).describe('llm: the language model (evaluation, reports); stt: speech to text; tts: text to speech; realtime: speech to speech');

const ProviderKindSettingsSchema = z.object({
  kind: ProviderKindSchema,
  /** The organization's own values; null: the operator's (environment) applies. */
  baseUrl: z.string().nullable(),
  model: z.string().nullable(),
  /** tts and realtime only; always null for llm and stt. */
  voice: z.string().nullable(),
  /** The key is write-only: whether one is stored, its last 4 characters (keys of 12 or more), whether it still decrypts. */
  apiKey: z.object({ set: z.boolean(), last4: z.string().nullable(), unreadable: z.boolean() }),
  /** What calls use now, the organization's settings over the operator's: no URL or key of the operator is shown. */
  effective: z.object({
    configured: z.boolean(),
    baseUrlSource: z.enum(['organization', 'environment', 'default']).nullable(),
    keySource: z.enum(['organization', 'environment']).nullable(),
    model: z.string().nullable(),
    voice: z.string().nullable(),
  }),
  /** The operator's default for this kind: whether it configured one, and its model and voice. */
  operatorDefault: z.object({ configured: z.boolean(), model: z.string(), voice: z.string().nullable() }),
});

export const ProviderSettingsSchema = z.object({
  providers: z.array(ProviderKindSettingsSchema),
  /** False in production without PROVIDER_KEY_SECRET: keys cannot be stored (base URL, model and voice can). */
  canStoreKeys: z.boolean(),
  /** PROVIDER_ALLOW_PRIVATE_URLS: base URLs may point to private or loopback addresses. */
  allowPrivateUrls: z.boolean(),
});
export type ProviderSettings = z.infer<typeof ProviderSettingsSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** One kind's change: an absent field is kept; null or '' puts the operator's value back; the key has its own rules. */
const ProviderKindUpdateSchema = z.strictObject({
  baseUrl: optionalText(500),
  model: optionalText(200),
  voice: optionalText(100),
  /** Write-only. Absent or '': keep the stored key. */
  apiKey: z
    .string()
    .trim()
    .max(1000, 'Must be at most 1000 characters')
    .refine((value) => !/\s/.test(value), 'Must not contain spaces')
    .optional(),
  /** Removes the stored key (the operator's key then applies only with the operator's base URL). */
  clearApiKey: z.boolean().optional(),
});
export type ProviderKindUpdate = z.infer<typeof ProviderKindUpdateSchema>;

export const UpdateProviderSettingsInputSchema = z.strictObject({
  llm: ProviderKindUpdateSchema.optional(),
  stt: ProviderKindUpdateSchema.optional(),
  tts: ProviderKindUpdateSchema.optional(),
  realtime: ProviderKindUpdateSchema.optional(),
});
export type UpdateProviderSettingsInput = z.infer<typeof UpdateProviderSettingsInputSchema>;

export const TestProvidersInputSchema = z
  .strictObject({ kinds: z.array(ProviderKindSchema).min(1).max(4).optional() })
  .optional();

export const ProviderTestResultSchema = z.object({
  kind: ProviderKindSchema,
  configured: z.boolean(),
  ok: z.boolean(),
  /** What worked, or the provider's error (never the key). */
  message: z.string(),
  model: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export const ProviderTestResultsSchema = z.object({ results: z.array(ProviderTestResultSchema) });
export type ProviderTestResult = z.infer<typeof ProviderTestResultSchema>;
