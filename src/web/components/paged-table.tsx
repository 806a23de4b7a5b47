import { useKeepPageInRange, type ListPage, type SetPage } from '../lib/paging';
import { DataTable, type DataTableProps } from './data-table';
import { Loading } from './loading';

/** What the table reads of a page's query: a useQuery of one page (fetchAuthedPage), keeping the page before while the next loads. */
interface PageQuery<Row> {
  data: ListPage<Row> | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export type PagedTableProps<Row> = Omit<DataTableProps<Row>, 'rows' | 'busy' | 'page' | 'pageSize' | 'total' | 'onPageChange'> & {
  /** The query of the page shown: its rows, its total, and whether a newer page is on its way. */
  query: PageQuery<Row>;
  /** The page in the address (usePageParam) and its setter. */
  page: number;
  pageSize: number;
  onPageChange: SetPage;
  /** What the placeholder says while the first page loads ("Loading orders"). */
  loadingLabel: string;
  /** Said, with a Try again button, when the list could not be loaded ("The orders could not be loaded."). */
  failedText?: string;
  /** Spacing around the table; `mt-6` (under a dashboard page's heading) unless given. */
  className?: string;
};

/**
 * A dashboard list read one page at a time: the placeholder while the first page loads, the
 * failure and its Try again, then the table (DataTable) with its pager, the page before kept on
 * screen while the next one loads. A page that no longer exists (its last row deleted, a typed
 * `?page=99`) moves back to the last one.
 */
export function PagedTable<Row>({ query, page, pageSize, onPageChange, loadingLabel, failedText, className, ...table }: PagedTableProps<Row>) {
  useKeepPageInRange(page, query.data?.total, pageSize, onPageChange);
  return (
    <>
      {query.isPending ? <Loading label={loadingLabel} /> : null}
      {query.isError && failedText ? (
        <div role="alert" className="alert alert-error mt-6">
          <span>{failedText}</span>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>Try again</button>
        </div>
      ) : null}
      {query.data ? (
        <DataTable
          {...table}
          className={className ?? 'mt-6'}
          rows={query.data.items}
          busy={query.isPlaceholderData}
          page={page}
          pageSize={pageSize}
          total={query.data.total}
          onPageChange={onPageChange}
        />
      ) : null}
    </>
  );
}
