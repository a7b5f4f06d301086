'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { signInTarget } from '@/server/auth/sign-in-target';
import { getEnv } from '@/server/env';
import { toAppError } from '@/server/errors';
import { clientAddress } from '@/server/http/client-throttle';
import { sessionCookieOptions } from '@/server/http/session-cookie';
import { unstorableTextProblem } from '@/server/http/storable-json';
import { getCurrentRecruiter } from '@/server/http/dashboard-session';
import { SESSION_COOKIE_NAME } from '@/server/services/auth/session-token';
import { signIn, SignInLockedError } from '@/server/services/auth/sign-in';
import { revokeUserSessions, signOut } from '@/server/services/auth/sign-out';
import { log } from '@/server/log';

export type SignInState = { error?: string; email?: string };

/** Server actions are POSTs that Next.js accepts only from this site's own origin (its built-in CSRF check). */
export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  // The Node server refuses an action request without a form (server-action-guard.ts); this holds without it too.
  if (!(form instanceof FormData)) return { error: 'Enter your email and password.' };
  const email = String(form.get('email') ?? '');
  const password = String(form.get('password') ?? '');
  if (!email.trim() || !password) return { error: 'Enter your email and password.', email };
  // PostgreSQL cannot hold NUL (nor an unpaired surrogate): said here, instead of a database error.
  if (unstorableTextProblem(email) || email.length > 320) return { error: 'Enter a valid email address.', email: email.replace(/\u0000/g, '') };
  if (unstorableTextProblem(password)) return { error: 'That email and password do not match an account.', email };
  try {
    const session = await signIn(getDb(), { email, password, clientAddress: clientAddress(await headers()) });
    (await cookies()).set(SESSION_COOKIE_NAME, session.token, sessionCookieOptions(session.expiresAt));
  } catch (error) {
    if (error instanceof SignInLockedError) {
      return { error: `Too many sign-in attempts. Try again in ${Math.ceil(error.retryAfterSeconds / 60)} minutes.`, email };
    }
    const appError = toAppError(error);
    if (appError.appCode === 'UNAUTHORIZED') return { error: 'That email and password do not match an account.', email };
    log.error({ err: error }, 'sign-in failed');
    return { error: 'Signing in failed because of a server error. Try again in a moment.', email };
  }
  // Only a path of this site (server/auth/sign-in-target.ts): `next` came from the query string, anyone's to write.
  redirect(signInTarget(form.get('next'), getEnv().APP_URL));
}

export async function signOutAction(): Promise<void> {
  const store = await cookies();
  await signOut(getDb(), store.get(SESSION_COOKIE_NAME)?.value);
  store.delete({ name: SESSION_COOKIE_NAME, ...sessionCookieOptions() });
  redirect('/login');
}

/** Ends every session of this recruiter, this one included (a lost laptop, a shared computer). */
export async function signOutEverywhereAction(): Promise<void> {
  const principal = await getCurrentRecruiter();
  if (principal) await revokeUserSessions(getDb(), { orgId: principal.orgId, userId: principal.userId });
  (await cookies()).delete({ name: SESSION_COOKIE_NAME, ...sessionCookieOptions() });
  redirect('/login?signedOut=everywhere');
}
