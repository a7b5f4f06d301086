import { createHydrationHelpers } from '@trpc/react-query/rsc';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { newRequestId } from '@/server/http/respond';
import { requireRecruiter } from '@/server/http/dashboard-session';
import { appRouter, type AppRouter } from '@/server/routers/app-router';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { makeQueryClient } from './query-client';

const createCaller = createCallerFactory(appRouter);

/** One QueryClient per server request (React's cache is per request): what the page prefetches, dehydrated. */
const getQueryClient = cache(() => makeQueryClient());

/**
 * tRPC 11's server-component helpers (`@trpc/react-query/rsc`): `trpc.<router>.<procedure>.prefetch(input)` runs the
 * procedure in-process with the session's recruiter, the same principal and checks as the HTTP API, and puts the
 * result in the request's QueryClient under the key the browser's `trpc.<…>.useQuery(input)` uses; `HydrateClient`
 * hands that cache to the browser's QueryClient, so the page's HTML has its data and the browser does not ask again.
 * A prefetch that fails stays out of the dehydrated cache: the browser then runs the query and shows its error, as
 * before. Pages that must answer 404 read through `getServerCaller` + `orNotFound` instead.
 */
export const serverTrpc = cache(() =>
  createHydrationHelpers<AppRouter>(
    createCaller(async () => createContextInner({ db: getDb(), principal: await requireRecruiter(), requestId: newRequestId() })),
    getQueryClient,
  ),
);
