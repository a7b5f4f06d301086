import { eq } from 'drizzle-orm';
import { organizations } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { notFound } from '@/server/errors';
import { isIdOf } from '@/server/ids';
import { iso } from '../fields';
import type { OrganizationDto } from './organization-schemas';

export async function getOrganization(db: DbExecutor, input: { orgId: string }): Promise<OrganizationDto> {
  if (!isIdOf('organization', input.orgId)) throw notFound('Organization');
  const [row] = await db.select().from(organizations).where(eq(organizations.id, input.orgId));
  if (!row) throw notFound('Organization');
  return { id: row.id, name: row.name, createdAt: iso(row.createdAt) };
}
