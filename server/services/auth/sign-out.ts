import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { sessions } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { hashSessionToken, isSessionTokenShape } from './session-token';

/** Revokes the session of this token at once; a token that is unknown or already revoked is a no-op. */
export async function signOut(db: DbExecutor, token: string | undefined | null, now = new Date()): Promise<void> {
  if (!token || !isSessionTokenShape(token)) return;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)));
}

/** Revokes every open session of one recruiter ("sign out everywhere"); returns how many were open. */
export async function revokeUserSessions(db: DbExecutor, input: { orgId: string; userId: string; now?: Date }): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: input.now ?? new Date() })
    .where(and(eq(sessions.orgId, input.orgId), eq(sessions.userId, input.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Maintenance: sessions that ended (expired or revoked) more than a day ago are deleted. */
export async function pruneSessions(db: DbExecutor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, cutoff), lte(sessions.revokedAt, cutoff)))
    .returning({ id: sessions.id });
  return rows.length;
}
