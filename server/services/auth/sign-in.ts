import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sessions, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { AppError } from '@/server/errors';
import { newId } from '@/server/ids';
import { recordAuditEvent } from '@/server/services/audit/record-audit-event';
import { claimLoginAttempt, clearLoginAttempts, LOGIN_ATTEMPT_LIMIT, LOGIN_CLIENT_ATTEMPT_LIMIT, loginAttemptKeys } from './login-attempts';
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
    super('RATE_LIMITED', `Too many sign-in attempts; try again in ${Math.ceil(retryAfterSeconds / 60)} min`);
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
export async function signIn(
  db: DbExecutor,
  input: { email: string; password: string; clientAddress?: string; now?: Date; requestId?: string | null },
): Promise<SignInResult> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  if (email.length === 0 || email.length > 254 || input.password.length === 0 || input.password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('UNAUTHORIZED', INVALID);
  }
  // Per client address first (a sprayer is stopped whatever the emails), then per (email, client address).
  const keys = loginAttemptKeys(email, input.clientAddress);
  const perClient = keys.perClient ? await claimLoginAttempt(db, keys.perClient, now, LOGIN_CLIENT_ATTEMPT_LIMIT) : null;
  const claim = perClient && !perClient.allowed ? perClient : await claimLoginAttempt(db, keys.perEmail, now, LOGIN_ATTEMPT_LIMIT);
  const [user] = await db.select({ id: users.id, orgId: users.orgId, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  // A failure is recorded against the account it named (never the password, never an unknown email: the log is
  // per organization and an unknown email has none).
  const failed = (reason: 'rate_limited' | 'invalid_password') =>
    user
      ? recordAuditEvent(db, { orgId: user.orgId, audit: { actor: { type: 'user', id: user.id }, requestId: input.requestId ?? null }, action: 'auth.sign_in_failed', targetType: 'user', targetId: user.id, details: { reason } })
      : Promise.resolve();
  if (!claim.allowed) {
    await failed('rate_limited');
    throw new SignInLockedError(claim.retryAfterSeconds);
  }

  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await getDecoyHash()));
  if (!user || !valid) {
    await failed('invalid_password');
    throw new AppError('UNAUTHORIZED', INVALID);
  }

  await clearLoginAttempts(db, keys.perEmail);
  return db.transaction((tx) => openSession(tx, { userId: user.id, orgId: user.orgId, now, requestId: input.requestId }));
}

/**
 * Opens a 14-day session for a user whose identity is established (a verified password, an accepted team
 * invitation) and records `auth.signed_in`. Call it inside the transaction that established it.
 */
export async function openSession(tx: DbExecutor, input: { userId: string; orgId: string; now?: Date; requestId?: string | null }): Promise<SignInResult> {
  const now = input.now ?? new Date();
  const token = newSessionToken();
  const sessionId = newId('session');
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await tx.insert(sessions).values({ id: sessionId, tokenHash: hashSessionToken(token), userId: input.userId, orgId: input.orgId, expiresAt, createdAt: now });
  await recordAuditEvent(tx, { orgId: input.orgId, audit: { actor: { type: 'user', id: input.userId }, requestId: input.requestId ?? null }, action: 'auth.signed_in', targetType: 'user', targetId: input.userId, details: { sessionId } });
  return { token, sessionId, userId: input.userId, orgId: input.orgId, expiresAt };
}
