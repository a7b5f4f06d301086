import { apiKeys } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { sha256Hex } from '@/server/crypto';
import { newId, randomBase62 } from '@/server/ids';
import type { Scope } from '@/server/auth/scopes';

export const API_KEY_PREFIX = 'isk_';

export type CreatedApiKey = { id: string; key: string; name: string; prefix: string; scopes: Scope[]; createdAt: string };

/** Creates a key and returns its plaintext, which is never stored and cannot be shown again. */
export async function createApiKey(
  db: DbExecutor,
  input: { orgId: string; name?: string; scopes: Scope[]; rateLimitPerMinute?: number | null },
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBase62(40)}`;
  const id = newId('apiKey');
  const prefix = key.slice(0, API_KEY_PREFIX.length + 6);
  const scopes = [...new Set(input.scopes)];
  const [row] = await db
    .insert(apiKeys)
    .values({
      id,
      orgId: input.orgId,
      name: input.name?.trim() || 'API key',
      prefix,
      keyHash: sha256Hex(key),
      scopes,
      rateLimitPerMinute: input.rateLimitPerMinute ?? null,
    })
    .returning();
  return { id, key, name: row.name, prefix, scopes, createdAt: row.createdAt.toISOString() };
}
