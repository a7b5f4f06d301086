import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, organizations, sessions } from '@/db/schema';
import type { DatabaseHandle } from '@/db/client';
import { sha256Hex } from '@/server/crypto';
import { newId } from '@/server/ids';
import { getSessionPrincipal } from '@/server/services/auth/get-session-principal';
import { LOGIN_ATTEMPT_LIMIT, LOGIN_WINDOW_MS, pruneLoginAttempts } from '@/server/services/auth/login-attempts';
import { SESSION_LIFETIME_MS } from '@/server/services/auth/session-token';
import { signIn, SignInLockedError } from '@/server/services/auth/sign-in';
import { pruneSessions, revokeUserSessions, signOut } from '@/server/services/auth/sign-out';
import { makeRecruiter, RECRUITER_PASSWORD } from '../support/recruiters';
import { openTestDatabase } from '../support/test-app';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function newOrg() {
  const orgId = newId('organization');
  await database.db.insert(organizations).values({ id: orgId, name: 'Auth test org' });
  return orgId;
}

async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toMatchObject({ appCode: code });
}

describe('recruiter sign-in and sessions', () => {
  it('opens a 14-day session whose row keeps only the SHA-256 of the token', async () => {
    const orgId = await newOrg();
    const user = await makeRecruiter(database.db, orgId);
    const now = new Date();
    const result = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD, now });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.expiresAt.getTime() - now.getTime()).toBe(SESSION_LIFETIME_MS);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, result.sessionId));
    expect(row.tokenHash).toBe(sha256Hex(result.token));
    expect(JSON.stringify(row)).not.toContain(result.token);
    expect(await getSessionPrincipal(database.db, result.token)).toEqual({ kind: 'recruiter', orgId, userId: user.id, sessionId: result.sessionId, role: 'admin' });
  });

  it('accepts the email in any case and with spaces around it', async () => {
    const user = await makeRecruiter(database.db, await newOrg());
    const { token } = await signIn(database.db, { email: `  ${user.email.toUpperCase()} `, password: RECRUITER_PASSWORD });
    expect((await getSessionPrincipal(database.db, token))?.userId).toBe(user.id);
  });

  it('gives the same UNAUTHORIZED error for a wrong password and an unknown email', async () => {
    const user = await makeRecruiter(database.db, await newOrg());
    const wrong = signIn(database.db, { email: user.email, password: 'not the password' });
    const unknown = signIn(database.db, { email: `nobody-${newId('user')}@example.com`, password: RECRUITER_PASSWORD });
    const [a, b] = await Promise.allSettled([wrong, unknown]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
    const ea = (a as PromiseRejectedResult).reason;
    const eb = (b as PromiseRejectedResult).reason;
    expect(ea.appCode).toBe('UNAUTHORIZED');
    expect(eb.appCode).toBe('UNAUTHORIZED');
    expect(ea.message).toBe(eb.message);
    await expectCode(signIn(database.db, { email: user.email, password: '' }), 'UNAUTHORIZED');
    await expectCode(signIn(database.db, { email: user.email, password: 'x'.repeat(1025) }), 'UNAUTHORIZED');
  });

  it('rejects garbage, unknown and revoked tokens; sign-out revokes only that session', async () => {
    const user = await makeRecruiter(database.db, await newOrg());
    for (const token of [undefined, null, '', 'short', 'x'.repeat(43), `${'a'.repeat(42)}!`]) {
      expect(await getSessionPrincipal(database.db, token)).toBeNull();
    }
    const first = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD });
    const second = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD });
    await signOut(database.db, first.token);
    expect(await getSessionPrincipal(database.db, first.token)).toBeNull();
    expect(await getSessionPrincipal(database.db, second.token)).not.toBeNull();
    await signOut(database.db, first.token); // twice is harmless
    await signOut(database.db, 'not-a-token');
  });

  it('expires a session after 14 days', async () => {
    const user = await makeRecruiter(database.db, await newOrg());
    const now = new Date();
    const { token } = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD, now });
    expect(await getSessionPrincipal(database.db, token, new Date(now.getTime() + SESSION_LIFETIME_MS - 1000))).not.toBeNull();
    expect(await getSessionPrincipal(database.db, token, new Date(now.getTime() + SESSION_LIFETIME_MS))).toBeNull();
    const old = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD, now: new Date(now.getTime() - SESSION_LIFETIME_MS - 1) });
    expect(await getSessionPrincipal(database.db, old.token)).toBeNull();
  });

  it('signs a recruiter out everywhere, within their organization only', async () => {
    const orgId = await newOrg();
    const user = await makeRecruiter(database.db, orgId);
    const a = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD });
    const b = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD });
    expect(await revokeUserSessions(database.db, { orgId: await newOrg(), userId: user.id })).toBe(0);
    expect(await getSessionPrincipal(database.db, a.token)).not.toBeNull();
    expect(await revokeUserSessions(database.db, { orgId, userId: user.id })).toBe(2);
    expect(await getSessionPrincipal(database.db, a.token)).toBeNull();
    expect(await getSessionPrincipal(database.db, b.token)).toBeNull();
  });

  it('locks an email after too many attempts, even for the right password, until the window runs out', async () => {
    const user = await makeRecruiter(database.db, await newOrg());
    const start = new Date();
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT; i++) {
      await expectCode(signIn(database.db, { email: user.email, password: `wrong ${i}`, now: start }), 'UNAUTHORIZED');
    }
    const locked = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD, now: new Date(start.getTime() + 60_000) }).catch((e) => e);
    expect(locked).toBeInstanceOf(SignInLockedError);
    expect(locked.appCode).toBe('RATE_LIMITED');
    expect(locked.retryAfterSeconds).toBe((LOGIN_WINDOW_MS - 60_000) / 1000);
    // After the window, the right password works and clears the count.
    const later = new Date(start.getTime() + LOGIN_WINDOW_MS + 1);
    await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD, now: later });
    expect(await database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toEqual([]);
  });

  it('counts attempts for unknown emails the same way, and concurrent guesses cannot pass the limit', async () => {
    const email = `ghost-${newId('user').toLowerCase()}@example.com`;
    const now = new Date();
    const outcomes = await Promise.allSettled(
      Array.from({ length: LOGIN_ATTEMPT_LIMIT + 5 }, () => signIn(database.db, { email, password: 'guess', now })),
    );
    const codes = outcomes.map((o) => (o as PromiseRejectedResult).reason.appCode);
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(LOGIN_ATTEMPT_LIMIT);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(5);
    expect(await pruneLoginAttempts(database.db, new Date(now.getTime() + LOGIN_WINDOW_MS))).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(loginAttempts).where(eq(loginAttempts.email, email))).toEqual([]);
  });

  it('prunes sessions that ended more than a day ago', async () => {
    const user = await makeRecruiter(database.db, await newOrg());
    const longAgo = new Date(Date.now() - SESSION_LIFETIME_MS - 2 * 24 * 3600 * 1000);
    const expired = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD, now: longAgo });
    const live = await signIn(database.db, { email: user.email, password: RECRUITER_PASSWORD });
    await pruneSessions(database.db);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, expired.sessionId))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, live.sessionId))).toHaveLength(1);
  });
});
