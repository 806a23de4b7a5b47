import { Link, useSearchParams } from 'react-router';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../../shared/messages';
import { ADMIN_ORDER_SORT_FIRST_DIR, type AdminOrderSort, type SortDirection } from '../../../../shared/schemas/order-list';
import type { Order, Shipment } from '../../../../shared/schemas/orders';
import { formatUsd } from '../../../../shared/text';
import { paths } from '../../../config/paths';
import { ConfirmModal } from '../../../components/confirm-modal';
import type { DataTableColumn } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { OrderItems } from '../components/order-items';
import { OrderStatusBadge } from '../components/order-status-badge';
import { usePageParam } from '../../../lib/paging';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation';
import { useAdminDeleteOrder } from './api/delete-order';
import { CUSTOMERS_CSV_HREF } from './api/export-customers-csv';
import { ordersCsvHref } from './api/export-orders-csv';
import { ORDERS_PAGE_SIZE, useAllOrders, type OrdersFilter } from './api/get-orders';
import { useShipOrder } from './api/ship-order';
import { isOrderSort, isOrderState, isSortDirection, OrderFilters, type OrderListView } from './components/order-filters';
import { ShipOrderDialog } from './components/ship-order-dialog';
import { EMAIL_BREAKS, ID_BREAKS, SoftBreaks } from './components/soft-breaks';

const orderDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const orderTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Who bought it, as a screen reader names the order: the buyer's name, or the email without one. */
const buyerOf = (order: Order) => order.name.trim() || order.email;

/**
 * A column heading that sorts the list: aria-sort on the heading, a button inside it. The shared
 * table (components/data-table.tsx) draws it once it takes `sort`; until then, and on phones where
 * the rows are cards without headings, the Sort by list above the table does the same.
 */
interface ColumnSort {
  state: 'ascending' | 'descending' | 'none';
  onSort: () => void;
}
type OrderColumn = DataTableColumn<Order> & { sort?: ColumnSort };

function PaymentState({ order }: { order: Order }) {
  if (order.paid) {
    return (
      <div className="space-y-1">
        <span className="badge badge-success">Paid</span>
        {order.transactionId ? (
          <p className="text-xs">
            <span className="sr-only">Transaction id: </span>
            <span className="font-mono" data-testid="transaction-id">
              <SoftBreaks text={order.transactionId} after={ID_BREAKS} />
            </span>
          </p>
        ) : null}
      </div>
    );
  }
  return <OrderStatusBadge order={order} />;
}

/** The page's view of the list, read from the address (?q=&state=&sort=&dir=), anything unknown as the default. */
function useListView(): [OrderListView, (change: Partial<Record<'q' | 'state' | 'sort' | 'dir', string | undefined>>) => void] {
  const [params, setParams] = useSearchParams();
  const stateParam = params.get('state') ?? '';
  const sortParam = params.get('sort') ?? '';
  const dirParam = params.get('dir') ?? '';
  const sort: AdminOrderSort = isOrderSort(sortParam) ? sortParam : 'placed';
  const view: OrderListView = {
    state: isOrderState(stateParam) ? stateParam : undefined,
    // ?email= is how links to one buyer's orders were written before the search box: the search finds them.
    q: (params.get('q') ?? params.get('email') ?? '').trim(),
    sort,
    dir: isSortDirection(dirParam) ? dirParam : ADMIN_ORDER_SORT_FIRST_DIR[sort],
  };
  /** A new filter or order starts at page 1; the defaults stay out of the address. */
  const change = (values: Partial<Record<'q' | 'state' | 'sort' | 'dir', string | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (next.get('sort') === 'placed' && next.get('dir') === 'desc') {
          next.delete('sort');
          next.delete('dir');
        }
        next.delete('email');
        next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );
  return [view, change];
}

export default function ManageOrdersPage() {
  const [view, changeView] = useListView();
  const [page, setPage] = usePageParam();
  const filter: OrdersFilter = {
    state: view.state,
    q: view.q || undefined,
    sort: view.sort === 'placed' && view.dir === 'desc' ? undefined : view.sort,
    dir: view.sort === 'placed' && view.dir === 'desc' ? undefined : view.dir,
  };
  const orders = useAllOrders(filter, page);
  const shipOrder = useShipOrder();
  const deleteOrder = useAdminDeleteOrder();
  const shipping = useConfirmedMutation({
    mutate: (order: Order, shipment: Shipment) => shipOrder.mutateAsync({ id: order._id, shipment }),
    success: TOASTS.statusUpdated,
  });
  const removal = useConfirmedMutation({ mutate: (order: Order) => deleteOrder.mutateAsync(order._id), success: TOASTS.orderDeletedByAdmin });

  const setSort = (sort: AdminOrderSort, dir: SortDirection) => changeView({ sort, dir });
  /** A heading pressed again turns its order round; another heading starts in its own first direction. */
  const sortBy = (sort: AdminOrderSort): ColumnSort => ({
    state: view.sort === sort ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    onSort: () => setSort(sort, view.sort === sort ? (view.dir === 'asc' ? 'desc' : 'asc') : ADMIN_ORDER_SORT_FIRST_DIR[sort]),
  });

  // Six columns, so that the whole row, its button included, fits the dashboard of a 1280 px
  // screen without scrolling sideways: when it was placed goes under the order's number, the units
  // under the total.
  const columns: OrderColumn[] = [
    {
      header: 'Order',
      primary: true,
      rowHeader: true,
      sort: sortBy('number'),
      cell: (order) => (
        <div>
          <Link to={paths.orderPage(order._id)} className="link font-mono whitespace-nowrap" aria-label={`Order ${order.number}`}>
            {order.number}
          </Link>
          <time dateTime={order.createdAt} className="block text-sm font-normal whitespace-nowrap text-base-content/80">
            {orderDay.format(new Date(order.createdAt))}, {orderTime.format(new Date(order.createdAt))}
          </time>
        </div>
      ),
    },
    { header: 'Product', cell: (order) => <OrderItems order={order} /> },
    {
      header: 'Buyer',
      sort: sortBy('buyer'),
      cell: (order) => (
        <div>
          <p>{order.name}</p>
          <p className="text-sm text-base-content/80" data-testid="buyer-email">
            <SoftBreaks text={order.email} after={EMAIL_BREAKS} />
          </p>
        </div>
      ),
    },
    {
      header: 'Total',
      sort: sortBy('total'),
      cell: (order) => (
        <div className="whitespace-nowrap tabular-nums" data-testid="admin-order-total">
          {formatUsd(order.total)}
          {/* With its tax (decision 048): the total is what was paid; the tax, or why there is none, under it. */}
          {order.reverseCharge ? (
            <span className="badge badge-outline badge-sm ml-1 align-middle" title={`Reverse charge, VAT number ${order.buyerVatId ?? ''}`}>Reverse charge</span>
          ) : order.tax > 0 ? (
            <span className="block text-sm text-base-content/80">
              {order.pricesIncludeTax ? `incl. ${formatUsd(order.tax)} tax` : `${formatUsd(order.subtotal)} + ${formatUsd(order.tax)} tax`}
            </span>
          ) : null}
          <span className="block text-sm text-base-content/80">{`${order.quantity} ${order.quantity === 1 ? 'unit' : 'units'}`}</span>
        </div>
      ),
    },
    { header: 'Payment', sort: sortBy('paid'), cell: (order) => <PaymentState order={order} /> },
    {
      // The spec's status button: highlighted while the order waits to ship, saying what pressing
      // it does; it asks first (with the optional tracking), then says 'Payment status updated'.
      header: 'Status',
      sort: sortBy('status'),
      cell: (order) => {
        if (order.status === 'pending' && order.vatReview === 'to-review') {
          // Held until the VAT number is confirmed (the owner's review setting): that happens on the order's page.
          return (
            <Link to={paths.orderPage(order._id)} className="btn btn-sm btn-outline h-auto min-h-8 py-1 leading-tight" aria-label={`VAT number to review: order ${order.number}`}>
              VAT number to review
            </Link>
          );
        }
        if (order.status === 'pending') {
          const busy = shipOrder.isPending && shipOrder.variables?.id === order._id;
          return (
            <button
              type="button"
              className="btn btn-sm btn-warning h-auto min-h-8 py-1 leading-tight"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => shipping.ask(order)}
              aria-label={`Pending – mark as shipped: order ${order.number} of ${order.productName} for ${buyerOf(order)}`}
            >
              Pending – mark as shipped
            </button>
          );
        }
        if (order.status === 'shipped' || order.status === 'refunded') return <OrderStatusBadge order={order} />;
        if (order.paid) return null;
        return (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            onClick={() => removal.ask(order)}
            aria-label={`Delete order of ${order.productName} for ${buyerOf(order)}`}
          >
            Delete
          </button>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="manage-orders-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="manage-orders-title" className="text-3xl font-bold">Manage Orders</h2>
        <div className="flex flex-wrap gap-2">
          <a href={ordersCsvHref(filter)} download className="btn btn-sm btn-outline" aria-describedby="orders-export-hint">
            Export CSV
          </a>
          <a href={CUSTOMERS_CSV_HREF} download className="btn btn-sm btn-outline">
            Export customers (CSV)
          </a>
          <p id="orders-export-hint" className="sr-only">
            Every order the search and filter below match, on every page, in the order shown
          </p>
        </div>
      </div>
      <OrderFilters
        view={view}
        onStateChange={(state) => changeView({ state })}
        onSearch={(q) => changeView({ q })}
        onSortChange={setSort}
      />
      <p className="sr-only" aria-live="polite">
        {orders.data && !orders.isPlaceholderData ? `${orders.data.total} ${orders.data.total === 1 ? 'order' : 'orders'}` : ''}
      </p>
      <PagedTable
        query={orders}
        loadingLabel="Loading orders"
        failedText="The orders could not be loaded."
        aria-labelledby="manage-orders-title"
        getRowKey={(order) => order._id}
        rowTestId="order-row"
        stackBelow="lg"
        emptyText={view.q ? EMPTY_TEXT.manageOrdersNoMatch : EMPTY_TEXT.manageOrders}
        columns={columns}
        page={page}
        pageSize={ORDERS_PAGE_SIZE}
        onPageChange={setPage}
      />
      <ShipOrderDialog
        orderNumber={shipping.target?.number ?? null}
        busy={shipOrder.isPending}
        onShip={(shipment) => void shipping.confirm(shipment)}
        onCancel={shipping.cancel}
      />
      <ConfirmModal
        open={removal.target !== null}
        message={CONFIRM.deleteOrder}
        busy={deleteOrder.isPending}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </section>
  );
}
