import type { UserRole } from '@/db/schema/users';
import { SCOPES, type Scope } from './scopes';

/**
 * Who is calling. The organization always comes from here (resolved on the server from a key or a session),
 * never from input. `recruiter` is any signed-in dashboard user, whatever their role (admin, recruiter, viewer).
 */
export type Principal =
  | { kind: 'apiKey'; orgId: string; apiKeyId: string; scopes: readonly Scope[] }
  | { kind: 'recruiter'; orgId: string; userId: string; sessionId: string; role: UserRole };

/** The read scopes: everything a viewer (a hiring manager) may see of the organization. */
const READ_SCOPES: readonly Scope[] = ['interviews:read', 'reports:read', 'candidates:read'];

/** What each role of a dashboard user holds, as an API key would: the matrix of docs/DECISIONS.md. */
export const ROLE_SCOPES: Record<UserRole, readonly Scope[]> = {
  viewer: READ_SCOPES,
  recruiter: [...READ_SCOPES, 'interviews:write', 'candidates:write'],
  admin: SCOPES,
};

/** A session user holds the scopes of their role; an API key the scopes it was created with. */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.kind === 'recruiter' ? ROLE_SCOPES[principal.role].includes(scope) : principal.scopes.includes(scope);
}

/** Every scope the principal holds: a key's own, or a user's role's. */
export function scopesOf(principal: Principal): readonly Scope[] {
  return principal.kind === 'recruiter' ? ROLE_SCOPES[principal.role] : principal.scopes;
}
