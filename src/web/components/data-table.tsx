import type { ReactNode } from 'react';
import { Pager } from './pager';

export interface DataTableColumn<Row> {
  /** Column heading; in the card layout also the label in front of each value. */
  header: string;
  /** The cell's content. `index` counts from 0 across pages (row 1 of page 2 is `pageSize`). */
  cell: (row: Row, index: number) => ReactNode;
  /** Classes for this column's cells (heading and body). */
  className?: string;
  /** In the card layout: shown first, unlabelled, as the card's title. */
  primary?: boolean;
  /** Render the body cells as `<th scope="row">` (the cell that names the row). */
  rowHeader?: boolean;
}

/**
 * Below which width of the list's own box the rows become cards: `sm` 36rem (576px, phones; the
 * default), `md` 48rem (768px), `lg` 56rem (896px) for lists with many columns. The box, not the
 * window, decides, because the dashboard's side menu takes 16rem from wide windows.
 */
export type StackBelow = 'sm' | 'md' | 'lg';

type PagingProps =
  | {
      /** 1-based. */
      page: number;
      pageSize: number;
      /** Rows in the whole list, not on this page. */
      total: number;
      onPageChange: (page: number) => void;
    }
  | { page?: undefined; pageSize?: undefined; total?: undefined; onPageChange?: undefined };

export type DataTableProps<Row> = {
  rows: readonly Row[];
  getRowKey: (row: Row) => string;
  columns: readonly DataTableColumn<Row>[];
  /** A caption for screen readers (the page heading usually names the list visibly). */
  caption?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** data-testid of every body row. */
  rowTestId?: string;
  /** Shown instead of the table when there are no rows at all: a sentence, or elements of its own. */
  emptyText?: ReactNode;
  /** A newer page is on its way; the rows shown are the previous ones. */
  busy?: boolean;
  stackBelow?: StackBelow;
  /** Classes for the outer wrapper (spacing around the list). */
  className?: string;
} & PagingProps;

interface Layout {
  box: string;
  table: string;
  thead: string;
  tbody: string;
  row: string;
  cell: string;
  labelled: string;
  title: string;
}

// Narrower than `stackBelow`, the same table is laid out as cards: every row a bordered box, every
// cell a label/value line. One DOM for both layouts keeps row test ids and queries unique. The
// labels are generated content with empty alternative text (`/ ''`), so screen readers hear the
// real column headers (kept in a visually hidden thead) and not the label a second time. The
// explicit roles keep the table semantics in browsers that drop them when `display` changes.
// Tailwind finds classes by reading the source, so each layout is spelt out in full.
const LAYOUTS: Record<StackBelow, Layout> = {
  sm: {
    box: '@max-xl:overflow-visible @max-xl:rounded-none @max-xl:ring-0',
    table: '@max-xl:block',
    thead: '@max-xl:sr-only',
    tbody: '@max-xl:grid @max-xl:gap-3',
    row: '@max-xl:flex @max-xl:flex-col @max-xl:gap-2 @max-xl:rounded-box @max-xl:p-4 @max-xl:ring-1 @max-xl:ring-base-300',
    cell: '@max-xl:border-0 @max-xl:p-0',
    labelled:
      "@max-xl:grid @max-xl:grid-cols-[clamp(5.5rem,32%,10rem)_minmax(0,1fr)] @max-xl:items-baseline @max-xl:gap-x-3 @max-xl:before:content-[attr(data-label)_/_''] @max-xl:before:text-xs @max-xl:before:font-semibold @max-xl:before:uppercase @max-xl:before:tracking-wide @max-xl:before:text-base-content/70",
    title: '@max-xl:order-first @max-xl:block @max-xl:text-base @max-xl:font-semibold',
  },
  md: {
    box: '@max-3xl:overflow-visible @max-3xl:rounded-none @max-3xl:ring-0',
    table: '@max-3xl:block',
    thead: '@max-3xl:sr-only',
    tbody: '@max-3xl:grid @max-3xl:gap-3 @2xl:grid-cols-2',
    row: '@max-3xl:flex @max-3xl:flex-col @max-3xl:gap-2 @max-3xl:rounded-box @max-3xl:p-4 @max-3xl:ring-1 @max-3xl:ring-base-300',
    cell: '@max-3xl:border-0 @max-3xl:p-0',
    labelled:
      "@max-3xl:grid @max-3xl:grid-cols-[clamp(5.5rem,32%,10rem)_minmax(0,1fr)] @max-3xl:items-baseline @max-3xl:gap-x-3 @max-3xl:before:content-[attr(data-label)_/_''] @max-3xl:before:text-xs @max-3xl:before:font-semibold @max-3xl:before:uppercase @max-3xl:before:tracking-wide @max-3xl:before:text-base-content/70",
    title: '@max-3xl:order-first @max-3xl:block @max-3xl:text-base @max-3xl:font-semibold',
  },
  lg: {
    box: '@max-4xl:overflow-visible @max-4xl:rounded-none @max-4xl:ring-0',
    table: '@max-4xl:block',
    thead: '@max-4xl:sr-only',
    tbody: '@max-4xl:grid @max-4xl:gap-3 @2xl:grid-cols-2',
    row: '@max-4xl:flex @max-4xl:flex-col @max-4xl:gap-2 @max-4xl:rounded-box @max-4xl:p-4 @max-4xl:ring-1 @max-4xl:ring-base-300',
    cell: '@max-4xl:border-0 @max-4xl:p-0',
    labelled:
      "@max-4xl:grid @max-4xl:grid-cols-[clamp(5.5rem,32%,10rem)_minmax(0,1fr)] @max-4xl:items-baseline @max-4xl:gap-x-3 @max-4xl:before:content-[attr(data-label)_/_''] @max-4xl:before:text-xs @max-4xl:before:font-semibold @max-4xl:before:uppercase @max-4xl:before:tracking-wide @max-4xl:before:text-base-content/70",
    title: '@max-4xl:order-first @max-4xl:block @max-4xl:text-base @max-4xl:font-semibold',
  },
};

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, getRowKey, columns, caption, rowTestId, emptyText, busy = false, stackBelow = 'sm', className = '' } = props;
  const layout = LAYOUTS[stackBelow];
  const paged = props.page !== undefined;
  const firstIndex = paged ? (props.page - 1) * props.pageSize : 0;

  if (rows.length === 0 && (!paged || props.total === 0)) {
    if (emptyText === undefined) return null;
    // A sentence is a paragraph; anything more (a sentence and a link) brings its own blocks.
    return typeof emptyText === 'string' ? <p className={className}>{emptyText}</p> : <div className={className}>{emptyText}</div>;
  }

  return (
    <div className={`@container ${className}`}>
      <div className={`overflow-x-auto rounded-box ring-1 ring-base-300 ${layout.box}`}>
        <table
          role="table"
          className={`table ${layout.table} ${busy ? 'opacity-60 transition-opacity' : ''}`}
          aria-label={props['aria-label']}
          aria-labelledby={props['aria-labelledby']}
          aria-busy={busy || undefined}
        >
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead role="rowgroup" className={layout.thead}>
            <tr role="row">
              {columns.map((column) => (
                <th key={column.header} role="columnheader" scope="col" className={`text-start ${column.className ?? ''}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className={layout.tbody}>
            {rows.map((row, i) => (
              <tr key={getRowKey(row)} role="row" data-testid={rowTestId} className={layout.row}>
                {columns.map((column) => {
                  const cellClass = `text-start ${layout.cell} ${column.primary ? layout.title : layout.labelled} ${column.className ?? ''}`;
                  const content = <div className="min-w-0 wrap-break-word">{column.cell(row, firstIndex + i)}</div>;
                  const label = column.primary ? undefined : column.header;
                  return column.rowHeader ? (
                    <th key={column.header} role="rowheader" scope="row" data-label={label} className={cellClass}>
                      {content}
                    </th>
                  ) : (
                    <td key={column.header} role="cell" data-label={label} className={cellClass}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {paged ? <Pager page={props.page} pageSize={props.pageSize} total={props.total} onPageChange={props.onPageChange} /> : null}
    </div>
  );
}
