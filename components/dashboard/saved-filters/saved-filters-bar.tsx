'use client';

import { Bookmark, BookmarkPlus, X } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { cn } from '@/components/ui/cn';
import type { RouterOutputs } from '@/components/trpc/react';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { LightButton } from '../light-controls';

/** The save dialog's code (a form with react-hook-form and zod) loads on the first "Save filter", not with the list. */
const SaveFilterDialog = dynamic(() => import('./save-filter-dialog'), { ssr: false });

/** The list's query without the page: what a saved filter keeps and what marks the current one. */
function listQuery(params: URLSearchParams): string {
  const next = new URLSearchParams(params.toString());
  next.delete('page');
  next.sort();
  return next.toString();
}

type SavedFilter = RouterOutputs['savedFilters']['list'][number];

const deleteFilter = (api: Api, input: { id: string }) => api.savedFilters.delete.mutate(input);
const deleted = { onSuccess: () => toast.success('Saved filter deleted'), onError: (error: { message: string }) => toast.error(`Not deleted: ${error.message}`) };

/**
 * The user's own saved filters of a list (read by the list's server page), as quick links above it; the current
 * filter and sort can be saved. A save or a delete renders the page again on the server (useApiAction).
 */
export function SavedFiltersBar({ list, filters }: { list: 'interviews' | 'candidates'; filters: SavedFilter[] }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const current = listQuery(params);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const remove = useApiAction(deleteFilter, deleted);
  return (
    <nav aria-label="Saved filters" className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-2 text-sm">
      <Bookmark className="size-4 text-slate-500" aria-hidden />
      {filters.length === 0 ? <span className="text-slate-600">No saved filters yet.</span> : null}
      <ul className="contents">
        {filters.map((filter) => {
          const active = listQuery(new URLSearchParams(filter.query)) === current;
          return (
            <li key={filter.id} className={cn('flex items-center rounded-full border', active ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white')}>
              <Link href={filter.query ? `${pathname}?${filter.query}` : pathname} aria-current={active ? 'true' : undefined} className="rounded-l-full py-0.5 pl-3 pr-1 font-medium text-slate-800 hover:text-brand-700">
                {filter.name}
              </Link>
              <button
                type="button"
                onClick={() => void remove.run({ id: filter.id })}
                disabled={remove.pending}
                aria-label={`Delete saved filter ${filter.name}`}
                className="rounded-r-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
      <LightButton
        variant="ghost"
        size="sm"
        className="ml-auto"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <BookmarkPlus aria-hidden /> Save filter
      </LightButton>
      {wanted ? <SaveFilterDialog list={list} query={current} open={open} onOpenChange={setOpen} /> : null}
    </nav>
  );
}
