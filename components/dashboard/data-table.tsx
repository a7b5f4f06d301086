import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DataTableRow, PageSelectBox, RowSelectBox, SelectBox, SortUrlButton } from './data-table-parts';

/** The sort the table shows (one column): the rows come sorted from the server. */
export type SortingState = { id: string; desc: boolean }[];

/**
 * A column: `cell` renders a row (`row.original`); a column sorts when it has `accessorFn` and `enableSorting` is
 * not false. The accessor's value on the first row picks the first direction, as TanStack Table did: text
 * ascending, anything else descending.
 */
export type DataColumn<T> = {
  id: string;
  header: ReactNode | (() => ReactNode);
  cell: (context: { row: { id: string; original: T } }) => ReactNode;
  accessorFn?: (row: T) => unknown;
  enableSorting?: boolean;
};

type DataTableProps<T> = {
  columns: DataColumn<T>[];
  data: T[];
  /** The rows come sorted from the server; the table only shows and toggles the sort. */
  sorting?: SortingState;
  /** In the browser: the next sort, when a sortable header is clicked. */
  onSortingChange?: (sorting: SortingState) => void;
  /**
   * On the server: the URL parameters of the next sort (`useSearchState().set`), for a list the server renders
   * again when its URL changes. Takes the place of onSortingChange, which a server component cannot pass.
   */
  sortQuery?: (sorting: SortingState) => Record<string, string | null>;
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
  /** On the server: checkboxes bound to the enclosing BulkSelectionProvider (bulk/bulk-selection-context.tsx). */
  selectable?: { rowLabel: (row: T) => string };
};

export type RowSelection<T> = {
  isSelected: (id: string) => boolean;
  onToggle: (id: string, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  /** The accessible name of a row's checkbox, e.g. "Select Ada Lovelace". */
  rowLabel: (row: T) => string;
};

const PHONE_HIDDEN = 'hidden sm:table-cell';
const SORT_BUTTON = '-ml-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase hover:bg-slate-200/60 hover:text-slate-900';

const canSort = <T,>(column: DataColumn<T>) => column.enableSorting !== false && Boolean(column.accessorFn);

/** A click on a sortable header: the other direction if it is the sorted column, else its first direction. */
function nextSorting<T>(column: DataColumn<T>, sorting: SortingState, data: T[]): SortingState {
  const current = sorting.find((s) => s.id === column.id);
  if (current) return [{ id: column.id, desc: !current.desc }];
  const first = data.length > 0 ? column.accessorFn?.(data[0]) : undefined;
  return [{ id: column.id, desc: typeof first !== 'string' }];
}

/**
 * A server-paginated, server-sorted table: the headers of sortable columns are buttons with aria-sort on their
 * cell. It renders in the browser (pages that fetch there pass onSortingChange and selection) or on the server
 * (list pages pass sortQuery and selectable; the clickable rows, sort buttons and checkboxes are small client
 * parts, data-table-parts.tsx).
 */
export function DataTable<T>({ columns, data, sorting = [], onSortingChange, sortQuery, caption, rowHref, getRowId, loading, empty, className, hideOnPhone, selection, selectable }: DataTableProps<T>) {
  const phoneClass = (columnId: string) => (hideOnPhone?.includes(columnId) ? PHONE_HIDDEN : undefined);
  const checkboxes = Boolean(selection || selectable);
  const columnCount = columns.length + (checkboxes ? 1 : 0);
  const pageIds = data.map((row) => getRowId(row));
  const selectedOnPage = selection ? pageIds.filter((id) => selection.isSelected(id)).length : 0;
  const headerContent = (column: DataColumn<T>) => (typeof column.header === 'function' ? column.header() : column.header);
  return (
    <Table className={className} aria-busy={loading || undefined}>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {selection ? (
            <TableHead className="w-10">
              <SelectBox
                label="Select all rows on this page"
                checked={pageIds.length > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={(checked) => selection.onTogglePage(checked)}
              />
            </TableHead>
          ) : selectable ? (
            <TableHead className="w-10">
              <PageSelectBox pageIds={pageIds} />
            </TableHead>
          ) : null}
          {columns.map((column) => {
            const sortable = canSort(column);
            const sorted = sorting.find((s) => s.id === column.id);
            const direction = sorted ? (sorted.desc ? 'desc' : 'asc') : false;
            const label = (
              <>
                {headerContent(column)}
                {direction === 'asc' ? <ArrowUp className="size-3.5" aria-hidden /> : direction === 'desc' ? <ArrowDown className="size-3.5" aria-hidden /> : <ArrowUpDown className="size-3.5" aria-hidden />}
              </>
            );
            return (
              <TableHead key={column.id} className={phoneClass(column.id)} aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}>
                {!sortable ? (
                  headerContent(column)
                ) : sortQuery ? (
                  <SortUrlButton query={sortQuery(nextSorting(column, sorting, data))} className={SORT_BUTTON}>
                    {label}
                  </SortUrlButton>
                ) : (
                  <button type="button" onClick={() => onSortingChange?.(nextSorting(column, sorting, data))} className={SORT_BUTTON}>
                    {label}
                  </button>
                )}
              </TableHead>
            );
          })}
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading && data.length === 0 ? (
          Array.from({ length: 5 }, (_, i) => (
            <TableRow key={`skeleton-${i}`} className="hover:bg-transparent">
              {checkboxes ? <TableCell /> : null}
              {columns.map((column, j) => (
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
          data.map((original, index) => {
            const id = pageIds[index];
            const row = { id, original };
            return (
              <DataTableRow key={id} rowId={id} href={rowHref?.(original)} className={cn(loading && 'opacity-60')}>
                {selection ? (
                  <TableCell className="w-10">
                    <SelectBox label={selection.rowLabel(original)} checked={selection.isSelected(id)} onChange={(checked) => selection.onToggle(id, checked)} />
                  </TableCell>
                ) : selectable ? (
                  <TableCell className="w-10">
                    <RowSelectBox rowId={id} label={selectable.rowLabel(original)} />
                  </TableCell>
                ) : null}
                {columns.map((column) => (
                  <TableCell key={column.id} className={phoneClass(column.id)}>
                    {column.cell({ row })}
                  </TableCell>
                ))}
              </DataTableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
