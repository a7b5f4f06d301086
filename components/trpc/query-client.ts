import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * The dashboard's query defaults, shared by the browser's QueryClient (app/(dashboard)/providers.tsx) and the one
 * a server component fills for a request (components/trpc/server.tsx): the data a page prefetched on the server is
 * fresh for the same 15 s in the browser, so the client does not fetch it again on hydration.
 */
export const QUERY_STALE_TIME_MS = 15_000;

export function makeQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { staleTime: QUERY_STALE_TIME_MS, ...config.defaultOptions?.queries },
    },
  });
}
