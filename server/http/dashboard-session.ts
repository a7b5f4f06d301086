import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { toAppError } from '@/server/errors';
import { appRouter } from '@/server/routers/app-router';
import { getSessionPrincipal, type RecruiterPrincipal } from '@/server/services/auth/get-session-principal';
import { SESSION_COOKIE_NAME } from '@/server/services/auth/session-token';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { newRequestId } from './respond';

/** For server components and actions: the recruiter of this request's session cookie, looked up once per request. */
export const getCurrentRecruiter = cache(async (): Promise<RecruiterPrincipal | null> => {
  const store = await cookies();
  return getSessionPrincipal(getDb(), store.get(SESSION_COOKIE_NAME)?.value);
});

/** The signed-in recruiter, or a redirect to the sign-in page. */
export async function requireRecruiter(): Promise<RecruiterPrincipal> {
  const principal = await getCurrentRecruiter();
  if (!principal) redirect('/login');
  return principal;
}

const createCaller = createCallerFactory(appRouter);

/**
 * The same procedures the browser calls, run in-process for server-rendered pages, with the same principal:
 * what a page can read is exactly what the API lets this recruiter read.
 */
export async function getServerCaller() {
  const principal = await requireRecruiter();
  return createCaller(createContextInner({ db: getDb(), principal, requestId: newRequestId() }));
}

/** Runs a read; NOT_FOUND (another organization's id included) renders the 404 page. */
export async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (toAppError(error).appCode === 'NOT_FOUND') notFound();
    throw error;
  }
}
