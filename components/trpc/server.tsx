import { createHydrationHelpers } from '@trpc/react-query/rsc';
import { cache, type ReactNode } from 'react';
import { getDb } from '@/db/client';
import { newRequestId } from '@/server/http/respond';
import { requireRecruiter } from '@/server/http/dashboard-session';
import { appRouter, type AppRouter } from '@/server/routers/app-router';
import { createCallerFactory, createContextInner } from '@/server/trpc';
import { catalogQueryKey, toCatalogOptions, type CatalogKind } from '@/components/dashboard/catalog/catalog-options';
import { listCatalog } from '@/components/dashboard/catalog/list-catalog';
import { Providers } from './providers';
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
/** One server-side caller per request, with the session's recruiter. */
const getCaller = cache(() => createCaller(async () => createContextInner({ db: getDb(), principal: await requireRecruiter(), requestId: newRequestId() })));

export const serverTrpc = cache(() => {
  const helpers = createHydrationHelpers<AppRouter>(getCaller(), getQueryClient);
  /** The prefetched cache, handed to the data layer the page's client components use (the layout has none). */
  function HydrateClient({ children }: { children: ReactNode }) {
    return (
      <Providers>
        <helpers.HydrateClient>{children}</helpers.HydrateClient>
      </Providers>
    );
  }
  return { trpc: helpers.trpc, HydrateClient };
});

/**
 * A catalog picker's options (components/dashboard/catalog/use-catalog-options.ts calls `<kind>.list` by name under
 * its own key, not through a typed hook), put in the request's QueryClient under that key so `HydrateClient` hands
 * them over with the rest. Like `prefetch`, a failure stays out of the cache and the browser asks as before.
 */
export async function prefetchCatalog(kind: CatalogKind, input?: Record<string, string>): Promise<void> {
  await getQueryClient().prefetchQuery({ queryKey: catalogQueryKey(kind, input), queryFn: async () => ({ available: true as const, options: toCatalogOptions(await listCatalog(getCaller(), kind, input)) }) });
}
