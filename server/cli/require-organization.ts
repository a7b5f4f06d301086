import type { DbExecutor } from '@/db/client';
import { getOrganization } from '@/server/services/organizations/get-organization';

/** The operator names the organization by hand: check it exists before writing rows that reference it. */
export async function requireOrganization(db: DbExecutor, orgId: string): Promise<void> {
  await getOrganization(db, { orgId });
}
