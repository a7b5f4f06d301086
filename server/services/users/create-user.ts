import { users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { hashPassword } from '@/server/auth/password';
import { AppError, issuesFromZod } from '@/server/errors';
import { newId } from '@/server/ids';
import { iso } from '../fields';
import { getOrganization } from '../organizations/get-organization';
import { CreateUserInputSchema, type CreateUserInput, type UserDto } from './user-schemas';

/**
 * Creates a user (an admin unless `role` says otherwise) who signs in to the dashboard of `orgId`. The input is validated here, whoever calls:
 * the password rules and the email's normal form are invariants of the users table, not of one surface.
 */
export async function createUser(db: DbExecutor, input: { orgId: string } & CreateUserInput): Promise<UserDto> {
  const { orgId, ...fields } = input;
  const parsed = CreateUserInputSchema.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: issuesFromZod(parsed.error) });
  const { email, password, name, role } = parsed.data;
  await getOrganization(db, { orgId });
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(users)
    .values({ id: newId('user'), orgId, email, name: name ?? null, role, passwordHash })
    // The unique index on email decides races between two creations of one address.
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw new AppError('CONFLICT', 'A user with this email already exists');
  return { id: row.id, orgId: row.orgId, email: row.email, name: row.name, role: row.role, createdAt: iso(row.createdAt) };
}
