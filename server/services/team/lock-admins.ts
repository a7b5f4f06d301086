import { and, eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/**
 * Locks the organization's admins (FOR UPDATE) and returns their ids. Demotions and removals take this lock
 * first, so two admins demoting each other at once serialize and the second sees the first's change: the
 * organization never ends up without an admin.
 */
export async function lockAdmins(tx: DbExecutor, orgId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.role, 'admin')))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}
