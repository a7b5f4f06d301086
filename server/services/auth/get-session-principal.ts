import { and, eq, gt, isNull } from 'drizzle-orm';
import { organizations, sessions, users, type UserRole } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import type { Principal } from '@/server/auth/principal';
import { AppError } from '@/server/errors';
import { hashSessionToken, isSessionTokenShape } from './session-token';

export type RecruiterPrincipal = Extract<Principal, { kind: 'recruiter' }>;

/**
 * The recruiter behind a session cookie, or null when the token is unknown, revoked or expired. The
 * organization comes from the session row: nothing the browser sends can choose it.
 */
export async function getSessionPrincipal(db: DbExecutor, token: string | undefined | null, now = new Date()): Promise<RecruiterPrincipal | null> {
  if (!token || !isSessionTokenShape(token)) return null;
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId, orgId: sessions.orgId, role: users.role })
    .from(sessions)
    // The user's own organization must still match the session's: a moved user loses old sessions.
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.orgId, sessions.orgId)))
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    // The role is read with the session, in the same statement: a changed role applies to the very next request.
  return row ? { kind: 'recruiter', orgId: row.orgId, userId: row.userId, sessionId: row.sessionId, role: row.role } : null;
}

export type SessionUser = { id: string; email: string; name: string | null; role: UserRole; orgId: string; orgName: string; sessionExpiresAt: string };

/** Who is signed in, for the dashboard's header and settings. */
export async function getSessionUser(db: DbExecutor, principal: RecruiterPrincipal): Promise<SessionUser> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, orgId: users.orgId, orgName: organizations.name, sessionExpiresAt: sessions.expiresAt })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.orgId))
    .innerJoin(sessions, and(eq(sessions.id, principal.sessionId), eq(sessions.userId, users.id)))
    .where(and(eq(users.id, principal.userId), eq(users.orgId, principal.orgId)));
  if (!row) throw new AppError('UNAUTHORIZED', 'Session ended');
  return { ...row, sessionExpiresAt: row.sessionExpiresAt.toISOString() };
}

/** Whether a session is still open (not revoked, not expired): long-lived streams re-check it. */
export async function isSessionActive(db: DbExecutor, sessionId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return rows.length > 0;
}
