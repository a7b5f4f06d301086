'use client';

import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { useBulkSelectionContext } from './bulk/bulk-selection-context';
import { useSearchState } from './use-search-state';

/** The client parts of DataTable (data-table.tsx), which itself renders on the server or in the browser. */

/** A checkbox whose third state (some rows of the page selected) is the DOM's `indeterminate`. */
export function SelectBox({ checked, indeterminate, label, onChange }: { checked: boolean; indeterminate?: boolean; label: string; onChange: (checked: boolean) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = Boolean(indeterminate);
      }}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 cursor-pointer rounded border-slate-400 accent-brand-700"
    />
  );
}

/** A row whose page opens on a click anywhere but its own links and controls (the first link stays the keyboard target). */
export function DataTableRow({ rowId, href, className, children }: { rowId: string; href?: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <tr
      data-row={rowId}
      className={cn('border-b border-slate-100 transition-colors hover:bg-slate-50/70', href && 'cursor-pointer', className)}
      onClick={
        href
          ? (event) => {
              if ((event.target as HTMLElement).closest('a,button,input,select,audio')) return;
              router.push(href);
            }
          : undefined
      }
    >
      {children}
    </tr>
  );
}

/** A sortable header of a server-rendered list: writes the next sort into the URL (the server sorts). */
export function SortUrlButton({ query, className, children }: { query: Record<string, string | null>; className: string; children: ReactNode }) {
  const { set } = useSearchState();
  return (
    <button type="button" onClick={() => set(query)} className={className}>
      {children}
    </button>
  );
}

/** "Select all rows on this page", for a list whose selection is a BulkSelectionProvider. */
export function PageSelectBox({ pageIds }: { pageIds: string[] }) {
  const selection = useBulkSelectionContext();
  const selected = pageIds.filter((id) => selection.isSelected(id)).length;
  return (
    <SelectBox
      label="Select all rows on this page"
      checked={pageIds.length > 0 && selected === pageIds.length}
      indeterminate={selected > 0 && selected < pageIds.length}
      onChange={(checked) => selection.onTogglePage(checked)}
    />
  );
}

/** A row's checkbox, for a list whose selection is a BulkSelectionProvider. */
export function RowSelectBox({ rowId, label }: { rowId: string; label: string }) {
  const selection = useBulkSelectionContext();
  return <SelectBox label={label} checked={selection.isSelected(rowId)} onChange={(checked) => selection.onToggle(rowId, checked)} />;
}
