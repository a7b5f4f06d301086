import { z } from 'zod';
import { SCOPES } from '@/server/auth/scopes';
import { PaginationInputShape } from '../pagination';
import { idString, nullableTimestampOut, timestampOut } from '../fields';

export const ScopeSchema = z.enum(SCOPES, { error: (issue) => `Unknown scope ${JSON.stringify(issue.input)}; must be one of: ${SCOPES.join(', ')}` });

export const ApiKeyScopesSchema = z
  .array(ScopeSchema)
  .min(1, 'Give at least one scope')
  .transform((scopes) => [...new Set(scopes)]);

export const CreateApiKeyInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Must not be empty').max(100, 'Must be at most 100 characters').optional().describe('A label for the key. Default "API key".'),
  scopes: ApiKeyScopesSchema.describe('What the key may do.'),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

export const RevokeApiKeyInputSchema = z.strictObject({ id: idString('API key id (key_…).') });

export const ListApiKeysInputSchema = z.strictObject({ ...PaginationInputShape });

/** A key as listed: never its hash, and its plaintext only once, at creation. */
export const ApiKeySchema = z.object({
  id: z.string().describe('API key id (key_…).'),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it.'),
  scopes: z.array(z.string()),
  lastUsedAt: nullableTimestampOut(),
  revokedAt: nullableTimestampOut(),
  createdAt: timestampOut(),
});
export type ApiKeyDto = z.infer<typeof ApiKeySchema>;

export const CreatedApiKeySchema = z.object({
  id: z.string(),
  key: z.string().describe('The plaintext key: shown this once, never stored.'),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdAt: timestampOut(),
});

export const RevokedApiKeySchema = z.object({ id: z.string(), revokedAt: timestampOut() });
