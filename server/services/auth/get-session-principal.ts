import { and, eq, gt, isNull } from 'drizzle-orm';
import { sessions, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { Principal } from '@/server/auth/principal';
import { hashSessionToken, isSessionTokenShape } from './session-token';

export type RecruiterPrincipal = Extract<Principal, { kind: 'recruiter' }>;

/**
 * The recruiter behind a session cookie, or null when the token is unknown, revoked or expired. The
 * organization comes from the session row: nothing the browser sends can choose it.
 */
export async function getSessionPrincipal(db: DbExecutor, token: string | undefined | null, now = new Date()): Promise<RecruiterPrincipal | null> {
  if (!token || !isSessionTokenShape(token)) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, orgId: sessions.orgId })
    .from(sessions)
    // The user's own organization must still match the session's: a moved user loses old sessions.
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.orgId, sessions.orgId)))
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row ? { kind: 'recruiter', orgId: row.orgId, userId: row.userId, sessionId: row.sessionId } : null;
}

/** Who is signed in, for the dashboard's header and settings. */
export async function getSessionUser(db: DbExecutor, principal: RecruiterPrincipal) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, orgId: users.orgId })
    .from(users)
    .where(and(eq(users.id, principal.userId), eq(users.orgId, principal.orgId)));
  return row ?? null;
}
