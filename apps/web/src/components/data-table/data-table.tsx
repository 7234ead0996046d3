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
  /**
   * The width below which the table scrolls sideways instead of squashing its columns, from the
   * `md` breakpoint up (an `md:min-w-[…]` class); below it each row is a card.
   */
  minWidth?: string;
  className?: string;
}

/**
 * The console's table: a caption, column headers with `scope="col"`, and a box that scrolls
 * sideways on a narrow screen. Columns are data, so every list reads and looks the same. On a
 * phone (below `md`) the same markup shows each row as a card, one "header value" line per cell,
 * so no amount or action button is left off the screen in a box that scrolls sideways.
 */
export function DataTable<Row>({ caption, rows, columns, rowKey, detail, minWidth = 'md:min-w-[44rem]', className }: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  return (
    // `relative` keeps screen-reader-only text (absolutely positioned) inside the scrolling box instead of widening the page.
    <div className={cn('relative md:overflow-x-auto md:rounded-2xl md:border md:border-ink-100 md:bg-white md:shadow-sm', className)}>
      <table className={cn('block w-full text-left text-sm md:table', minWidth)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="max-md:hidden">
          <tr>
            {shown.map((column) => (
              <Th key={column.header}>{column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}</Th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group">
          {rows.map((row) => {
            const extra = detail?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <tr className={ROW_AS_CARD}>
                  {shown.map((column) => (
                    <Td key={column.header} data-label={column.hideHeader ? undefined : column.header} className={cn(column.className, CELL_AS_LINE)}>
                      {/* In the table a long word breaks at 16rem rather than stretch its column and the table past the screen. */}
                      <div className="md:max-w-64">{column.cell(row)}</div>
                    </Td>
                  ))}
                </tr>
                {extra != null && (
                  <tr className={ROW_AS_CARD}>
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

/** A row below `md`: a card. */
const ROW_AS_CARD = 'block rounded-2xl border border-ink-100 bg-white px-4 py-2 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none';

/**
 * A cell below `md`: one line of the card, its column's header (from `data-label`, so the cell's
 * own text is unchanged) beside its value. Column classes meant for the table (right-aligned
 * amounts, a capped width) are undone there.
 */
const CELL_AS_LINE =
  'max-md:grid max-md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] max-md:gap-x-3 max-md:border-0 max-md:px-0 max-md:py-1.5 max-md:max-w-none max-md:text-left ' +
  'max-md:before:content-[attr(data-label)] max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-ink-600 max-md:before:uppercase max-md:before:font-sans';

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
  return <td {...props} className={cn('block border-b border-ink-100 px-4 py-3 align-top text-ink-800 md:table-cell', className)} />;
}

/** The buttons of a row, right-aligned; each button names its row for screen readers. */
export function RowActions({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('flex flex-wrap justify-end gap-1.5', className)}>{children}</div>;
}

/** An actions column: its heading is for screen readers only. */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): Column<Row> {
  return { header: 'Actions', hideHeader: true, cell: (row) => <RowActions>{cell(row)}</RowActions> };
}
