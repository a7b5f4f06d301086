import { desc, eq, sql } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { iso } from '../fields';
import { toPage, type Page } from '../pagination';
import type { ApiKeyDto } from './api-key-schemas';

/** The organization's keys, revoked ones included (with revokedAt), newest first. Hashes never leave. */
export async function listApiKeys(db: DbExecutor, input: { orgId: string; page: number; pageSize: number }): Promise<Page<ApiKeyDto>> {
  const where = eq(apiKeys.orgId, input.orgId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        scopes: apiKeys.scopes,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
        createdAt: apiKeys.createdAt,
      })
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(apiKeys).where(where),
  ]);
  const items = rows.map((r) => ({ ...r, lastUsedAt: iso(r.lastUsedAt), revokedAt: iso(r.revokedAt), createdAt: iso(r.createdAt) }));
  return toPage(items, total, input.page, input.pageSize);
}
