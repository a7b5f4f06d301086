'use client';

import { MutationCache, QueryCache, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { useState, type ComponentType, type ReactNode } from 'react';
import { errorCode } from '@/components/trpc/errors';
import { makeQueryClient } from '@/components/trpc/query-client';
import { trpc } from '@/components/trpc/react';
import { signInPageFor } from '@/server/auth/sign-in-target';

/** An ended session (revoked elsewhere, expired) sends the recruiter back to the sign-in page. */
function onApiError(error: unknown) {
  if (errorCode(error) === 'UNAUTHORIZED' && typeof window !== 'undefined') {
    window.location.assign(signInPageFor(window.location.pathname + window.location.search, window.location.origin));
  }
}

type Clients = { queryClient: QueryClient; trpcClient: ReturnType<typeof trpc.createClient> };

function makeClients(): Clients {
  const queryClient = makeQueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        // Client errors (404, 400, 401…) will not change on retry; network and server errors may.
        retry: (failures, error) => failures < 2 && !['NOT_FOUND', 'VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN'].includes(errorCode(error)),
      },
    },
  });
  const trpcClient = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Server-sent events: the browser's EventSource sends the session cookie and reconnects by itself.
        true: httpSubscriptionLink({ url: '/api/trpc' }),
        // Every request carries the header the server requires against cross-site requests.
        false: httpBatchLink({ url: '/api/trpc', headers: { 'x-iss-csrf': '1' } }),
      }),
    ],
  });
  return { queryClient, trpcClient };
}

/** One cache per browser tab, whichever islands of the page (and later pages) mount a provider. */
let browserClients: Clients | undefined;

/**
 * React Query and the tRPC hooks, for the parts of the dashboard that fetch or change data in the browser: forms,
 * dialogs, live panels. Pages whose data the server renders do not mount it, so their JavaScript does not carry it
 * (docs/DECISIONS.md, "Dashboard data: rendered on the server"). Several providers on one page share one cache,
 * so an island that invalidates a query refreshes it in every other island.
 */
export function Providers({ children }: { children: ReactNode }) {
  // On the server each render gets its own clients (a request's cache must not reach another request).
  const [{ queryClient, trpcClient }] = useState(() => (typeof window === 'undefined' ? makeClients() : (browserClients ??= makeClients())));
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * The component, bringing its own data layer: for an island loaded after a server-rendered page (bulk actions,
 * dialogs), which has no `Providers` above it.
 */
export function withProviders<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithProviders(props: Props) {
    return (
      <Providers>
        <Component {...props} />
      </Providers>
    );
  }
  WithProviders.displayName = `withProviders(${Component.displayName ?? Component.name})`;
  return WithProviders;
}
