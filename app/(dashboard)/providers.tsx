'use client';

import { MutationCache, QueryCache, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { errorCode } from '@/components/trpc/errors';
import { makeQueryClient } from '@/components/trpc/query-client';
import { trpc } from '@/components/trpc/react';
import { ToastHost } from '@/components/ui/toast';
import { signInPageFor } from '@/server/auth/sign-in-target';

/** An ended session (revoked elsewhere, expired) sends the recruiter back to the sign-in page. */
function onApiError(error: unknown) {
  if (errorCode(error) === 'UNAUTHORIZED' && typeof window !== 'undefined') {
    window.location.assign(signInPageFor(window.location.pathname + window.location.search, window.location.origin));
  }
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      makeQueryClient({
        queryCache: new QueryCache({ onError: onApiError }),
        mutationCache: new MutationCache({ onError: onApiError }),
        defaultOptions: {
          queries: {
            // Client errors (404, 400, 401…) will not change on retry; network and server errors may.
            retry: (failures, error) => failures < 2 && !['NOT_FOUND', 'VALIDATION_ERROR', 'UNAUTHORIZED', 'FORBIDDEN'].includes(errorCode(error)),
          },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        splitLink({
          condition: (op) => op.type === 'subscription',
          // Server-sent events: the browser's EventSource sends the session cookie and reconnects by itself.
          true: httpSubscriptionLink({ url: '/api/trpc' }),
          // Every request carries the header the server requires against cross-site requests.
          false: httpBatchLink({ url: '/api/trpc', headers: { 'x-iss-csrf': '1' } }),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastHost />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
