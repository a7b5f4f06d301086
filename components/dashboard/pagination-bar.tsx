'use client';

import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { useSearchState } from './use-search-state';
import { Button } from '@/components/ui/button';

const PAGE_SIZES = [10, 20, 50, 100];

type PaginationProps = { page: number; pageSize: number; total: number; totalPages: number; noun?: string };

/**
 * The pagination of a list the server renders from its URL: the page and the size go into the URL (`page`,
 * `pageSize`, 20 being the default), and the server renders the rows again.
 */
export function UrlPaginationBar(props: PaginationProps) {
  const { set } = useSearchState();
  return <PaginationBar {...props} onPage={(p) => set({ page: p })} onPageSize={(s) => set({ pageSize: s === 20 ? null : s })} />;
}

export function PaginationBar({
  page,
  pageSize,
  total,
  totalPages,
  onPage,
  onPageSize,
  noun = 'results',
}: {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  noun?: string;
}) {
  const labelId = useId();
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pagination" className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite">
        {total === 0 ? `No ${noun}` : <>Showing <span className="font-medium tabular-nums">{from}–{to}</span> of <span className="font-medium tabular-nums">{total}</span> {noun}</>}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <span id={labelId} className="whitespace-nowrap text-slate-600">Rows per page</span>
          <NativeSelect aria-labelledby={labelId} className="w-20 [&_select]:h-8" value={String(pageSize)} onChange={(event) => onPageSize(Number(event.target.value))}>
            {/* A size typed into the URL is shown as it is, not silently replaced by the first choice. */}
            {(PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b)).map((s) => (
              <option key={s} value={String(s)}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
        <span className="whitespace-nowrap tabular-nums text-slate-600">
          Page {page} of {Math.max(1, totalPages)}
        </span>
        <div className="flex gap-1">
          <Button variant="outline" size="icon" className="size-8" onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" size="icon" className="size-8" onClick={() => onPage(page + 1)} disabled={page >= totalPages} aria-label="Next page">
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
