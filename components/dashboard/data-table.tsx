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
};

/**
 * A server-paginated, server-sorted table (TanStack Table v9 with manual sorting): the headers of sortable
 * columns are buttons with aria-sort on their cell.
 */
export function DataTable<T extends RowData>({ columns, data, sorting, onSortingChange, caption, rowHref, getRowId, loading, empty, className }: DataTableProps<T>) {
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
  const columnCount = columns.length;
  return (
    <Table className={className} aria-busy={loading || undefined}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              return (
                <TableHead key={header.id} aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}>
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
              {Array.from({ length: columnCount }, (_, j) => (
                <TableCell key={j}>
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
              {row.getAllCells().map((cell) => (
                <TableCell key={cell.id}>
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
