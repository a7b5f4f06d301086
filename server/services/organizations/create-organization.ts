import { organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { newId } from '@/server/ids';
import { iso } from '../fields';
import type { CreateOrganizationInput, OrganizationDto } from './organization-schemas';

/** A new tenant. Only the operator (CLI, demo seed) creates organizations. */
export async function createOrganization(db: DbExecutor, input: CreateOrganizationInput): Promise<OrganizationDto> {
  const [row] = await db.insert(organizations).values({ id: newId('organization'), name: input.name }).returning();
  return { id: row.id, name: row.name, createdAt: iso(row.createdAt) };
}
