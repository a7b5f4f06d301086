'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '@/db/client';
import { toAppError } from '@/server/errors';
import { assertNotThrottled, clientAddress, countFailure } from '@/server/http/client-throttle';
import { sessionCookieOptions } from '@/server/http/session-cookie';
import { unstorableTextProblem } from '@/server/http/storable-json';
import { log } from '@/server/log';
import { SESSION_COOKIE_NAME } from '@/server/services/auth/session-token';
import { acceptTeamInvitation } from '@/server/services/team/accept-team-invitation';

export type JoinState = { error?: string; fieldErrors?: { name?: string; password?: string }; name?: string };

/**
 * The invitee sets their name and password: they become a member with the invitation's role, are signed in and
 * land on the dashboard. An unknown link counts as a failed credential for the client's address (429 past the
 * limit), like the candidate's links.
 */
export async function joinTeamAction(token: string, _previous: JoinState, form: FormData): Promise<JoinState> {
  const name = String(form.get('name') ?? '');
  const password = String(form.get('password') ?? '');
  const confirm = String(form.get('confirm') ?? '');
  if (unstorableTextProblem(name) || unstorableTextProblem(password)) return { error: 'Remove the unusual characters and try again.', name: '' };
  if (password !== confirm) return { fieldErrors: { password: 'The two passwords differ.' }, name };
  const address = clientAddress(await headers());
  try {
    assertNotThrottled('invitation', address);
    const session = await acceptTeamInvitation(getDb(), { token, name, password });
    (await cookies()).set(SESSION_COOKIE_NAME, session.token, sessionCookieOptions(session.expiresAt));
  } catch (error) {
    const appError = toAppError(error);
    if (appError.appCode === 'VALIDATION_ERROR') {
      const issues = appError.issues ?? [];
      const fieldErrors: JoinState['fieldErrors'] = {};
      for (const issue of issues) if (issue.path === 'name' || issue.path === 'password') fieldErrors[issue.path] ??= issue.message;
      return { fieldErrors, name };
    }
    if (appError.appCode === 'NOT_FOUND') {
      try {
        await countFailure(getDb(), 'invitation', address);
      } catch {
        return { error: 'Too many attempts from this address. Wait a minute and try again.', name };
      }
      return { error: 'This invitation link is not valid. Ask an admin of your organization for a new one.', name };
    }
    if (appError.appCode === 'GONE') return { error: `${appError.message}. Ask an admin of your organization for a new link.`, name };
    if (appError.appCode === 'CONFLICT') return { error: 'This email already has an account. Sign in instead, or ask an admin.', name };
    if (appError.appCode === 'RATE_LIMITED') return { error: 'Too many attempts from this address. Wait a minute and try again.', name };
    log.error({ err: error }, 'joining a team failed');
    return { error: 'Joining failed because of a server error. Try again in a moment.', name };
  }
  redirect('/overview');
}
