'use client';

import { useQuery } from '@tanstack/react-query';
import { getUntypedClient } from '@trpc/client';
import { errorCode } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { catalogListInput, catalogQueryKey, toCatalogOptions, type CatalogKind, type CatalogOption, type CatalogOptionsState } from './catalog-options';

export type { CatalogKind, CatalogOption, CatalogOptionsState } from './catalog-options';
export { toCatalogOptions } from './catalog-options';

const NONE: CatalogOption[] = [];

export function useCatalogOptions(kind: CatalogKind, input: Record<string, string> | undefined, options: { enabled?: boolean } = {}): CatalogOptionsState {
  const client = trpc.useUtils().client;
  const query = useQuery({
    queryKey: catalogQueryKey(kind, input),
    queryFn: async () => {
      try {
        return { available: true as const, options: toCatalogOptions(await getUntypedClient(client).query(`${kind}.list`, catalogListInput(input))) };
      } catch (error) {
        if (errorCode(error) === 'NOT_FOUND') return { available: false as const, options: NONE };
        throw error;
      }
    },
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
  if (query.isError) return { status: 'error', options: NONE, error: query.error, retry: () => void query.refetch() };
  if (!query.data) return { status: 'loading', options: NONE };
  return query.data.available ? { status: 'ready', options: query.data.options } : { status: 'unavailable', options: NONE };
}
