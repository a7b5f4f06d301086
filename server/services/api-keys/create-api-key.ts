import { apiKeys } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { sha256Hex } from '@/server/crypto';
import { newId, randomBase62 } from '@/server/ids';
import type { Scope } from '@/server/auth/scopes';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';

export const API_KEY_PREFIX = 'isk_';

export type CreatedApiKey = { id: string; key: string; name: string; prefix: string; scopes: Scope[]; createdAt: string };

/** Creates a key and returns its plaintext, which is never stored and cannot be shown again. */
export async function createApiKey(
  db: DbExecutor,
  input: { orgId: string; name?: string; scopes: Scope[]; rateLimitPerMinute?: number | null; audit?: AuditContext },
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomBase62(40)}`;
  const id = newId('apiKey');
  const prefix = key.slice(0, API_KEY_PREFIX.length + 6);
  const scopes = [...new Set(input.scopes)];
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
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
    await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'api_key.created', targetType: 'api_key', targetId: id, details: { scopes } });
    return inserted;
  });
  return { id, key, name: row.name, prefix, scopes, createdAt: row.createdAt.toISOString() };
}
