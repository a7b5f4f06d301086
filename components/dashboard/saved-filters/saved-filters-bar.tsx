import { Bookmark } from 'lucide-react';
import Link from 'next/link';
import { cn } from '@/components/ui/cn';
import type { RouterOutputs } from '@/components/trpc/react';
import { listQuery } from './list-query';
import { DeleteSavedFilterButton, SaveFilterButton } from './saved-filter-actions';

type SavedFilter = RouterOutputs['savedFilters']['list'][number];

/**
 * The user's own saved filters of a list, as quick links above it; the current filter and sort can be saved.
 * Rendered on the server with what the list's page read: `current` is the page's query (listQuery of its search
 * params), which marks the current filter. A save or a delete renders the page again (useApiAction).
 */
export function SavedFiltersBar({ list, filters, current }: { list: 'interviews' | 'candidates'; filters: SavedFilter[]; current: string }) {
  const pathname = `/${list}`;
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
              <DeleteSavedFilterButton id={filter.id} name={filter.name} />
            </li>
          );
        })}
      </ul>
      <SaveFilterButton list={list} query={current} />
    </nav>
  );
}
