import { eq, lte, sql } from 'drizzle-orm';
import { loginAttempts } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/** At most this many sign-in attempts per email in one window; the window then has to run out. */
export const LOGIN_ATTEMPT_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type LoginAttemptClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt for `email` before its password is checked, in one atomic upsert: concurrent guesses
 * cannot slip past the limit. A window older than LOGIN_WINDOW_MS starts over.
 */
export async function claimLoginAttempt(db: DbExecutor, email: string, now = new Date()): Promise<LoginAttemptClaim> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowFloor = sql`${new Date(now.getTime() - LOGIN_WINDOW_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginAttempts)
    .values({ email, attempts: 1, windowStart: now })
    .onConflictDoUpdate({
      target: loginAttempts.email,
      set: {
        attempts: sql`case when ${loginAttempts.windowStart} <= ${windowFloor} then 1 else ${loginAttempts.attempts} + 1 end`,
        windowStart: sql`case when ${loginAttempts.windowStart} <= ${windowFloor} then ${nowSql} else ${loginAttempts.windowStart} end`,
      },
    })
    .returning({ attempts: loginAttempts.attempts, windowStart: loginAttempts.windowStart });
  if (row.attempts <= LOGIN_ATTEMPT_LIMIT) return { allowed: true };
  const retryAfterMs = row.windowStart.getTime() + LOGIN_WINDOW_MS - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

/** A successful sign-in forgets the failures before it. */
export async function clearLoginAttempts(db: DbExecutor, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
}

/** Maintenance: windows that have run out carry no information. */
export async function pruneLoginAttempts(db: DbExecutor, now = new Date()): Promise<number> {
  const rows = await db
    .delete(loginAttempts)
    .where(lte(loginAttempts.windowStart, new Date(now.getTime() - LOGIN_WINDOW_MS)))
    .returning({ email: loginAttempts.email });
  return rows.length;
}
