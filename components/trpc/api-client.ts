import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@/server/routers/app-router';

/**
 * The API without React Query, for pages whose data the server renders: loaded on first use (`loadApi` in
 * use-api-action.ts), so a page's JavaScript carries it only once the recruiter acts. Same endpoint and headers as
 * the hooks' client (components/trpc/providers.tsx).
 */
export const api = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', headers: { 'x-iss-csrf': '1' } })],
});

export type Api = typeof api;
