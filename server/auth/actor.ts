import type { Principal } from './principal';

/** Who acted, as decisions and reviews record it: a recruiter (user) or an API key acting for one. */
export type Actor = { type: 'user' | 'api_key'; id: string };

export function actorOf(principal: Principal): Actor {
  return principal.kind === 'recruiter' ? { type: 'user', id: principal.userId } : { type: 'api_key', id: principal.apiKeyId };
}
