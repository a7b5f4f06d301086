import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { toAppError, type ErrorBody } from '@/server/errors';
import { log } from '@/server/log';
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
export type ServerCaller = ReturnType<typeof createCaller>;

export async function getServerCaller(): Promise<ServerCaller> {
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

/** One part of a server-rendered page: its data, or its failure in the contract's words (shown in that part). */
export type Settled<T> = { data: T; error?: undefined } | { data?: undefined; error: ErrorBody };

/**
 * Runs a read for one part of a page, so that its failure (a scope that does not exist, a database hiccup) shows
 * in that part, as the API would word it, instead of failing the whole page. Unexpected errors are logged with a
 * request id the part shows, as the API's error formatter does for HTTP calls.
 */
export async function settle<T>(read: () => Promise<T>): Promise<Settled<T>> {
  try {
    return { data: await read() };
  } catch (error) {
    const appError = toAppError(error);
    const requestId = newRequestId();
    if (appError.appCode === 'INTERNAL') log.error({ err: error, requestId }, 'unhandled error in a server-rendered page');
    return { error: appError.toBody(requestId) };
  }
}
