'use client';

import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export const tableFeaturesWithSorting = tableFeatures({ rowSortingFeature });
export type TableFeaturesWithSorting = typeof tableFeaturesWithSorting;
const NO_SORTING: SortingState = [];
export type DataColumn<T extends RowData> = ColumnDef<TableFeaturesWithSorting, T, any>;

type DataTableProps<T extends RowData> = {
  columns: DataColumn<T>[];
  data: T[];
  /** The rows come sorted from the server; the table only shows and toggles the sort. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  caption: string;
  /** A row's page: the row is clickable with the mouse (its first link stays the keyboard target). */
  rowHref?: (row: T) => string;
  getRowId: (row: T) => string;
  loading?: boolean;
  empty?: ReactNode;
  className?: string;
  /**
   * Column ids hidden below the `sm` breakpoint: on a 390 px phone the columns that matter (status, score)
   * must show without scrolling sideways, so the secondary ones give way.
   */
  hideOnPhone?: readonly string[];
  /** Checkboxes per row and one for the page (bulk actions): the selection lives with the page, not here. */
  selection?: RowSelection<T>;
};

export type RowSelection<T> = {
  isSelected: (id: string) => boolean;
  onToggle: (id: string, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  /** The accessible name of a row's checkbox, e.g. "Select Ada Lovelace". */
  rowLabel: (row: T) => string;
};

/** A checkbox whose third state (some rows of the page selected) is the DOM's `indeterminate`. */
function SelectBox({ checked, indeterminate, label, onChange }: { checked: boolean; indeterminate?: boolean; label: string; onChange: (checked: boolean) => void }) {
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

const PHONE_HIDDEN = 'hidden sm:table-cell';

/**
 * A server-paginated, server-sorted table (TanStack Table v9 with manual sorting): the headers of sortable
 * columns are buttons with aria-sort on their cell.
 */
export function DataTable<T extends RowData>({ columns, data, sorting, onSortingChange, caption, rowHref, getRowId, loading, empty, className, hideOnPhone, selection }: DataTableProps<T>) {
  const phoneClass = (columnId: string) => (hideOnPhone?.includes(columnId) ? PHONE_HIDDEN : undefined);
  const router = useRouter();
  const table = useTable({
    features: tableFeaturesWithSorting,
    columns,
    data,
    getRowId: (row) => getRowId(row),
    state: { sorting: sorting ?? NO_SORTING },
    onSortingChange: (updater) => onSortingChange?.(typeof updater === 'function' ? updater(sorting ?? NO_SORTING) : updater),
    manualSorting: true,
    enableSortingRemoval: false,
  });
  const columnCount = columns.length + (selection ? 1 : 0);
  const pageIds = data.map((row) => getRowId(row));
  const selectedOnPage = selection ? pageIds.filter((id) => selection.isSelected(id)).length : 0;
  return (
    <Table className={className} aria-busy={loading || undefined}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {selection ? (
              <TableHead className="w-10">
                <SelectBox
                  label="Select all rows on this page"
                  checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                  indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                  onChange={(checked) => selection.onTogglePage(checked)}
                />
              </TableHead>
            ) : null}
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              return (
                <TableHead key={header.id} className={phoneClass(header.column.id)} aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}>
                  {header.isPlaceholder ? null : canSort ? (
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className="-ml-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-200/60 hover:text-slate-900"
                    >
                      <table.FlexRender header={header} />
                      {sorted === 'asc' ? <ArrowUp className="size-3.5" aria-hidden /> : sorted === 'desc' ? <ArrowDown className="size-3.5" aria-hidden /> : <ArrowUpDown className="size-3.5" aria-hidden />}
                    </button>
                  ) : (
                    <table.FlexRender header={header} />
                  )}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {loading && data.length === 0 ? (
          Array.from({ length: 5 }, (_, i) => (
            <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
              {selection ? <TableCell /> : null}
              {table.getAllLeafColumns().map((column, j) => (
                <TableCell key={column.id} className={phoneClass(column.id)}>
                  <Skeleton className={cn('h-4', j === 0 ? 'w-40' : 'w-20')} />
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : data.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columnCount} className="p-0">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          table.getRowModel().rows.map((row) => (
            <TableRow
              key={row.id}
              data-row={row.id}
              className={cn(rowHref && 'cursor-pointer', loading && 'opacity-60')}
              onClick={
                rowHref
                  ? (event) => {
                      if ((event.target as HTMLElement).closest('a,button,input,select,audio')) return;
                      router.push(rowHref(row.original));
                    }
                  : undefined
              }
            >
              {selection ? (
                <TableCell className="w-10">
                  <SelectBox label={selection.rowLabel(row.original)} checked={selection.isSelected(row.id)} onChange={(checked) => selection.onToggle(row.id, checked)} />
                </TableCell>
              ) : null}
              {row.getAllCells().map((cell) => (
                <TableCell key={cell.id} className={phoneClass(cell.column.id)}>
                  <table.FlexRender cell={cell} />
                </TableCell>
              ))}
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
