import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { preparedQuery } from '@/db/prepared';
import { sha256Hex } from '@/server/crypto';
import { isScope, type Scope } from '@/server/auth/scopes';
import { API_KEY_PREFIX } from './create-api-key';

export type AuthenticatedApiKey = { id: string; orgId: string; scopes: Scope[]; rateLimitPerMinute: number | null };

/** lastUsedAt is refreshed at most once a minute per key, so reads do not become a write each. */
const LAST_USED_RESOLUTION_MS = 60_000;

const selectKeyByHash = preparedQuery((db) =>
  db
    .select({ id: apiKeys.id, orgId: apiKeys.orgId, scopes: apiKeys.scopes, rateLimitPerMinute: apiKeys.rateLimitPerMinute, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
    .limit(1)
    .prepare('select_api_key_by_hash'),
);

/**
 * Looks a key up by the SHA-256 of its plaintext: the lookup is by an unguessable digest, so no timing of a
 * string comparison reveals anything. Revoked keys fail at once.
 */
export async function authenticateApiKey(db: DbExecutor, plaintext: string): Promise<AuthenticatedApiKey | null> {
  if (!plaintext.startsWith(API_KEY_PREFIX) || plaintext.length > 200) return null;
  const [row] = await selectKeyByHash(db).execute({ keyHash: sha256Hex(plaintext) });
  if (!row) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
  }
  return { id: row.id, orgId: row.orgId, scopes: row.scopes.filter(isScope), rateLimitPerMinute: row.rateLimitPerMinute };
}
