import { Fragment, type ComponentProps, type Key, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One column: its heading and how a row fills its cell. */
export interface Column<Row> {
  /** The heading; with `hideHeader` it is read by screen readers only (an actions column keeps a name). */
  header: string;
  hideHeader?: boolean;
  cell(row: Row): ReactNode;
  /** Classes of the body cell (alignment, wrapping, emphasis). */
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: string;
  rows: readonly Row[];
  columns: readonly (Column<Row> | false | null | undefined)[];
  rowKey(row: Row): Key;
  /** A full-width row under a row, such as an opened history; null or undefined shows none. */
  detail?(row: Row): ReactNode;
  /** The width below which the table scrolls sideways instead of squashing its columns. */
  minWidth?: string;
  className?: string;
}

/**
 * The console's table: a caption, column headers with `scope="col"`, and a box that scrolls
 * sideways on a narrow screen. Columns are data, so every list reads and looks the same.
 */
export function DataTable<Row>({ caption, rows, columns, rowKey, detail, minWidth = 'min-w-[44rem]', className }: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  return (
    // `relative` keeps screen-reader-only text (absolutely positioned) inside the scrolling box instead of widening the page.
    <div className={cn('relative overflow-x-auto rounded-2xl border border-ink-100 bg-white shadow-sm', className)}>
      <table className={cn('w-full text-left text-sm', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) => (
              <Th key={column.header}>{column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}</Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const extra = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr>
                  {shown.map((column) => (
                    <Td key={column.header} className={column.className}>
                      {column.cell(row)}
                    </Td>
                  ))}
                </tr>
                {extra != null && (
                  <tr>
                    <Td colSpan={shown.length} className="bg-ink-50/60">
                      {extra}
                    </Td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      {...props}
      className={cn('border-b border-ink-100 bg-ink-50/70 px-4 py-3 text-xs font-semibold tracking-wide text-ink-600 uppercase', className)}
    />
  );
}

function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td {...props} className={cn('border-b border-ink-100 px-4 py-3 align-top text-ink-800', className)} />;
}

/** The buttons of a row, right-aligned; each button names its row for screen readers. */
export function RowActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-wrap justify-end gap-1.5', className)}>{children}</div>;
}

/** An actions column: its heading is for screen readers only. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): Column<Row> {
  return { header: 'Actions', hideHeader: true, cell: (row) => <RowActions>{cell(row)}</RowActions> };
}
