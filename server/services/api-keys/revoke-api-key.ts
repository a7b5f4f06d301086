import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import type { AuditContext } from '@/server/services/audit/audit-actor';
import { systemAudit } from '@/server/services/audit/audit-actor';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';

/** Revokes a key of the organization. Revoking twice is harmless; a key of another organization is not found. */
export async function revokeApiKey(db: DbExecutor, input: { orgId: string; id: string; audit?: AuditContext }): Promise<{ id: string; revokedAt: string }> {
  const [row] = await db
    .select({ id: apiKeys.id, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, input.id), eq(apiKeys.orgId, input.orgId)));
  if (!row) throw notFound('API key');
  if (row.revokedAt) return { id: row.id, revokedAt: row.revokedAt.toISOString() };
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.orgId, input.orgId), isNull(apiKeys.revokedAt)))
      .returning({ revokedAt: apiKeys.revokedAt });
    // Only the request that revoked it is recorded; a concurrent second revoke changed nothing.
    if (changed) await recordAuditEvent(tx, { orgId: input.orgId, audit: input.audit, action: 'api_key.revoked', targetType: 'api_key', targetId: row.id });
    return changed;
  });
  return { id: row.id, revokedAt: (updated?.revokedAt ?? new Date()).toISOString() };
}

/** Revokes a key by id alone, for the operator's CLI, which stands above organizations. */
export async function unsafeRevokeApiKeyById(db: DbExecutor, id: string): Promise<{ id: string; orgId: string; revokedAt: string }> {
  const [row] = await db.select({ orgId: apiKeys.orgId }).from(apiKeys).where(eq(apiKeys.id, id));
  if (!row) throw notFound('API key');
  const result = await revokeApiKey(db, { orgId: row.orgId, id, audit: systemAudit('cli') });
  return { ...result, orgId: row.orgId };
}
