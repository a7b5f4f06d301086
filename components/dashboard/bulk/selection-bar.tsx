'use client';

import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BulkSelection } from './use-bulk-selection';
import { Button } from '@/components/ui/button';

/** What is selected, the way to widen it to every matching row, and the bulk actions. */
export function SelectionBar({ selection, total, noun, children }: { selection: BulkSelection; total: number; noun: string; children: ReactNode }) {
  const count = selection.allMatching ? total : selection.selectedIds.length;
  if (count === 0) return null;
  return (
    <section aria-label="Bulk actions" className="flex flex-col gap-3 border-b border-brand-100 bg-brand-50/60 px-4 py-3 text-sm sm:flex-row sm:flex-wrap sm:items-center">
      <p role="status" className="font-medium text-slate-900" data-testid="selection-count">
        {selection.allMatching ? `All ${total} matching ${noun} selected` : `${count} selected`}
      </p>
      {selection.wholePage && !selection.allMatching && total > count ? (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={selection.selectAllMatching}>
          Select all {total} {noun} matching the filter
        </Button>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:ml-auto">{children}</div>
      <Button variant="ghost" size="sm" onClick={selection.clear}>
        <X aria-hidden /> Clear selection
      </Button>
    </section>
  );
}
