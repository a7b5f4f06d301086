import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * The query defaults of the browser's QueryClient (components/trpc/providers.tsx), for the islands that still read
 * through React Query (lazily loaded dialogs, the live transcript, the notification panel): a read is fresh for 15 s,
 * so islands mounting together share one request.
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
