import type { ReactNode } from 'react';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RowClicks } from './row-clicks';

export type DetailColumn<T> = { id: string; header: ReactNode; cell: (row: T) => ReactNode };

const PHONE_HIDDEN = 'hidden sm:table-cell';

/**
 * A read-only table rendered on the server, for the detail pages (a candidate, a campaign): the same markup as
 * DataTable (caption, `tr[data-row]`, columns hidden on a phone, clickable rows) without its client code, since
 * these tables neither sort nor select. Only the rows' click is a (tiny) client island, one per table.
 */
export function DetailTable<T>({ columns, rows, getRowId, caption, rowHref, hideOnPhone, empty, className }: {
  columns: DetailColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string;
  caption: string;
  rowHref?: (row: T) => string;
  hideOnPhone?: readonly string[];
  empty?: ReactNode;
  className?: string;
}) {
  const phoneClass = (id: string) => (hideOnPhone?.includes(id) ? PHONE_HIDDEN : undefined);
  return (
    <Table className={className}>
      <TableCaption className="sr-only">
        {caption}
        {rowHref ? <RowClicks /> : null}
      </TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          {columns.map((column) => (
            <TableHead key={column.id} className={phoneClass(column.id)}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columns.length} className="p-0">
              {empty}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => {
            const id = getRowId(row);
            const cells = columns.map((column) => (
              <TableCell key={column.id} className={phoneClass(column.id)}>
                {column.cell(row)}
              </TableCell>
            ));
            return (
              <TableRow key={id} data-row={id} data-href={rowHref?.(row)} className={rowHref ? 'cursor-pointer' : undefined}>
                {cells}
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
