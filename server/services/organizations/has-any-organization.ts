import { organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/** Whether the database holds any tenant yet: the dev script seeds the demo only into an empty database. */
export async function hasAnyOrganization(db: DbExecutor): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).limit(1);
  return rows.length > 0;
}
