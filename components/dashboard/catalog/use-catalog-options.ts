'use client';

import { useQuery } from '@tanstack/react-query';
import { getUntypedClient } from '@trpc/client';
import { errorCode } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';

/**
 * Job postings, campaigns, stages and interview configurations come from the catalog routers (`jobs.list`,
 * `campaigns.list` with `{ jobId? }`, `stages.list` with `{ campaignId }`, `interviewConfigs.list`). They are
 * called by name rather than through the typed hooks so that this dashboard works both before and after those
 * routers are merged: while a procedure does not exist the server answers NOT_FOUND, and the pickers fall back
 * to typing the id (which the create procedure validates anyway).
 */
export type CatalogKind = 'jobs' | 'campaigns' | 'stages' | 'interviewConfigs';

export type CatalogOption = { id: string; label: string; detail?: string };

export type CatalogOptionsState =
  | { status: 'loading'; options: CatalogOption[] }
  | { status: 'ready'; options: CatalogOption[] }
  | { status: 'unavailable'; options: CatalogOption[] }
  | { status: 'error'; options: CatalogOption[]; error: unknown; retry: () => void };

const NONE: CatalogOption[] = [];

/** Accepts a plain array or a page (`{ items }`); labels from `title` (jobs) or `name` (the others). */
export function toCatalogOptions(result: unknown): CatalogOption[] {
  const items = Array.isArray(result) ? result : Array.isArray((result as { items?: unknown })?.items) ? (result as { items: unknown[] }).items : [];
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { id, title, name } = item as { id?: unknown; title?: unknown; name?: unknown };
    if (typeof id !== 'string') return [];
    const label = typeof title === 'string' ? title : typeof name === 'string' ? name : id;
    return [{ id, label, detail: id }];
  });
}

export function useCatalogOptions(kind: CatalogKind, input: Record<string, string> | undefined, options: { enabled?: boolean } = {}): CatalogOptionsState {
  const client = trpc.useUtils().client;
  const query = useQuery({
    queryKey: ['catalog', kind, input ?? null],
    queryFn: async () => {
      try {
        return { available: true as const, options: toCatalogOptions(await getUntypedClient(client).query(`${kind}.list`, { pageSize: 100, ...(input ?? {}) })) };
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
