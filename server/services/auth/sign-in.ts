import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { claimLoginAttempt, clearLoginAttempts } from './login-attempts';
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from './session-token';

/** Longer passwords are refused before scrypt runs: its cost grows with the input (create-user has the same bound). */
export const PASSWORD_MAX_LENGTH = 1024;

export type SignInResult = {
  /** The cookie value: shown to the browser once, stored only as its SHA-256. */
  token: string;
  sessionId: string;
  userId: string;
  orgId: string;
  expiresAt: Date;
};

/** RATE_LIMITED with the seconds to wait, for the sign-in form. */
export class SignInLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many sign-in attempts for this email; try again in ${Math.ceil(retryAfterSeconds / 60)} min`);
  }
}

const INVALID = 'Invalid email or password';

/** A hash of a random password, verified against when the email is unknown so both paths cost one scrypt. */
let decoyHash: Promise<string> | undefined;
function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return decoyHash;
}

/**
 * Verifies a recruiter's email and password and opens a 14-day session. Unknown email and wrong password give
 * the same error after the same work; each attempt counts against the per-email limit before any check.
 */
export async function signIn(db: DbExecutor, input: { email: string; password: string; now?: Date }): Promise<SignInResult> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  if (email.length === 0 || email.length > 254 || input.password.length === 0 || input.password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('UNAUTHORIZED', INVALID);
  }
  const claim = await claimLoginAttempt(db, email, now);
  if (!claim.allowed) throw new SignInLockedError(claim.retryAfterSeconds);

  const [user] = await db.select({ id: users.id, orgId: users.orgId, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await getDecoyHash()));
  if (!user || !valid) throw new AppError('UNAUTHORIZED', INVALID);

  await clearLoginAttempts(db, email);
  const token = newSessionToken();
  const sessionId = newId('session');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({ id: sessionId, tokenHash: hashSessionToken(token), userId: user.id, orgId: user.orgId, expiresAt, createdAt: now });
  return { token, sessionId, userId: user.id, orgId: user.orgId, expiresAt };
}
