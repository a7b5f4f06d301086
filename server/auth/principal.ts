import type { Scope } from './scopes';

/**
 * Who is calling. The organization always comes from here (resolved on the server from a key or a session),
 * never from input.
 */
export type Principal =
  | { kind: 'apiKey'; orgId: string; apiKeyId: string; scopes: readonly Scope[] }
  | { kind: 'recruiter'; orgId: string; userId: string; sessionId: string };

/** Recruiters act on their whole organization from the dashboard; API keys only within their scopes. */
export function hasScope(principal: Principal, scope: Scope): boolean {
  return principal.kind === 'recruiter' || principal.scopes.includes(scope);
}
