import { eq, lte, sql } from 'drizzle-orm';
import { sqlInstant } from '@/db/rows';
import { loginAttempts } from '@/db/schema';
import type { DbExecutor } from '@/db/client';

/**
 * At most this many sign-in attempts per (email, client address) in one window; the window then has to run out.
 * Keyed by both, so that failures from one client never lock the account's owner out elsewhere: an attacker who
 * knows a recruiter's email cannot deny them the dashboard.
 */
export const LOGIN_ATTEMPT_LIMIT = 10;
/** At most this many attempts per client address in one window, whatever the emails (password spraying). */
export const LOGIN_CLIENT_ATTEMPT_LIMIT = 30;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** The rows of login_attempts an attempt counts against (the table's key column holds any counter's key). */
export function loginAttemptKeys(email: string, clientAddress: string | undefined): { perEmail: string; perClient: string | null } {
  if (!clientAddress) return { perEmail: email, perClient: null };
  return { perEmail: `${email} from ${clientAddress}`, perClient: `client ${clientAddress}` };
}

export type LoginAttemptClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt for `email` before its password is checked, in one atomic upsert: concurrent guesses
 * cannot slip past the limit. A window older than LOGIN_WINDOW_MS starts over.
 */
export async function claimLoginAttempt(db: DbExecutor, email: string, now = new Date(), limit = LOGIN_ATTEMPT_LIMIT): Promise<LoginAttemptClaim> {
  const nowSql = sqlInstant(now);
  const windowFloor = sqlInstant(new Date(now.getTime() - LOGIN_WINDOW_MS));
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
  if (row.attempts <= limit) return { allowed: true };
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
