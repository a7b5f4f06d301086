import { ChevronLeft, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type Pagination = { page: number; pageSize: number; total: number; totalPages: number };

function PageLink({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  if (href === null) {
    return (
      <Button variant="outline" size="icon" className="size-8" disabled aria-label={label}>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="icon" className="size-8">
      <Link href={href} scroll={false} aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}

/**
 * The pages of a server-rendered table as links (`?<param>=N`, read by the page on the server): the same words as
 * PaginationBar, without its client code. `hrefFor` builds the address of a page, keeping the page's other params.
 */
export function PageLinks({ pagination, noun, hrefFor }: { pagination: Pagination; noun: string; hrefFor: (page: number) => string }) {
  const { page, pageSize, total, totalPages } = pagination;
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Pagination" className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <p>
        {total === 0 ? (
          `No ${noun}`
        ) : (
          <>
            Showing <span className="font-medium tabular-nums">{from}–{to}</span> of <span className="font-medium tabular-nums">{total}</span> {noun}
          </>
        )}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <span className="whitespace-nowrap tabular-nums text-slate-600">
          Page {page} of {Math.max(1, totalPages)}
        </span>
        <div className="flex gap-1">
          <PageLink href={page > 1 ? hrefFor(page - 1) : null} label="Previous page">
            <ChevronLeft aria-hidden />
          </PageLink>
          <PageLink href={page < totalPages ? hrefFor(page + 1) : null} label="Next page">
            <ChevronRight aria-hidden />
          </PageLink>
        </div>
      </div>
    </nav>
  );
}

/** A page number from the URL (`?interviews=2`): anything else is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The page's address with one param set (page 1 drops it), the others kept. */
export function withParam(path: string, params: Record<string, string | string[] | undefined>, name: string, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === name || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  }
  if (page > 1) query.set(name, String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
