import { Link } from 'react-router';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import type { Order } from '../../../shared/schemas/orders';
import { PREVIEW } from '../../../shared/constants';
import { formatUsd, preview } from '../../../shared/text';
import { paths } from '../../config/paths';
import { ConfirmModal } from '../../components/confirm-modal';
import type { DataTableColumn } from '../../components/data-table';
import { PagedTable } from '../../components/paged-table';
import { OrderItems } from './components/order-items';
import { OrderLineList, toolCount } from './components/order-line-list';
import { useSession } from '../../lib/session-query';
import { usePageParam } from '../../lib/paging';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation';
import { useDeleteOrder } from './api/delete-order';
import { MY_ORDERS_PAGE_SIZE, useMyOrders } from './api/get-my-orders';
import { OrderStatusBadge } from './components/order-status-badge';
import { PayByTime } from './components/pay-by-time';

const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An order of several tools: each has its own price and quantity, so the order has none of its own. */
const several = (order: Order) => order.lines.length > 1;

// The spec's columns (item, description, price, quantity) for an order of one tool. For an order
// of several, the description is its lines (name × quantity at price), the price is per line, and
// the quantity is how many tools: units of different tools do not add up to anything (issue 28).
const columns: DataTableColumn<Order>[] = [
  {
    header: 'Item',
    primary: true,
    cell: (order) => (
      <div className="space-y-1">
        <Link to={paths.orderPage(order._id)} className="link link-primary text-sm font-semibold whitespace-nowrap" data-testid="order-number">
          {order.number}
        </Link>
        {several(order) ? (
          <div className="flex items-center gap-3">
            <img src={order.productImage} alt="" width="48" height="36" className="h-9 w-12 shrink-0 rounded bg-base-200 object-contain" />
            <span className="font-medium">{toolCount(order)}</span>
          </div>
        ) : (
          <OrderItems order={order} />
        )}
      </div>
    ),
  },
  {
    header: 'Description',
    className: 'min-w-40',
    cell: (order) => (several(order) ? <OrderLineList lines={order.lines} /> : preview(order.description, PREVIEW.myOrders, '...')),
  },
  {
    header: 'Price',
    cell: (order) => (order.price === null || several(order) ? <span className="text-sm text-base-content/80">Per line</span> : formatUsd(order.price)),
  },
  { header: 'Quantity', cell: (order) => (several(order) ? toolCount(order) : order.quantity) },
  {
    header: 'Total',
    // With tax (decision 048): the subtotal and the tax under the total, so the three add up on sight.
    cell: (order) => (
      <div className="tabular-nums" data-testid="my-order-total">
        <span className="font-medium">{formatUsd(order.total)}</span>
        {order.reverseCharge ? (
          <span className="block text-xs text-base-content/80">No VAT: reverse charge</span>
        ) : order.tax > 0 ? (
          <span className="block text-xs text-base-content/80">
            {order.pricesIncludeTax
              ? `incl. ${formatUsd(order.tax)} tax`
              : `${formatUsd(order.subtotal)} + ${formatUsd(order.tax)} tax`}
          </span>
        ) : null}
      </div>
    ),
  },
  {
    header: 'Order date',
    className: 'whitespace-nowrap',
    cell: (order) => <time dateTime={order.createdAt}>{orderDate.format(new Date(order.createdAt))}</time>,
  },
];

export default function MyOrdersPage() {
  const { data: session } = useSession();
  const [page, setPage] = usePageParam();
  const orders = useMyOrders(session?.user.email ?? '', page);
  const deleteOrder = useDeleteOrder();
  const removal = useConfirmedMutation({ mutate: (order: Order) => deleteOrder.mutateAsync(order._id), success: TOASTS.orderDeleted });

  return (
    <section aria-labelledby="my-orders-title">
      <h2 id="my-orders-title" className="text-3xl font-bold">My Orders</h2>
      <PagedTable
        query={orders}
        loadingLabel="Loading your orders"
        aria-labelledby="my-orders-title"
        getRowKey={(order) => order._id}
        rowTestId="order-row"
        stackBelow="lg"
        emptyText={<NoOrders />}
        columns={[
          ...columns,
          { header: 'Action', className: 'min-w-48', cell: (order) => <OrderActions order={order} onDelete={() => removal.ask(order)} /> },
        ]}
        page={page}
        pageSize={MY_ORDERS_PAGE_SIZE}
        onPageChange={setPage}
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

/** The spec's empty text, and the way back to the tools. */
function NoOrders() {
  return (
    <div className="rounded-box p-8 text-center ring-1 ring-base-300">
      <p>{EMPTY_TEXT.myOrders}</p>
      <Link to={paths.ourTools} className="btn btn-primary mt-4">Browse our tools</Link>
    </div>
  );
}

function OrderActions({ order, onDelete }: { order: Order; onDelete: () => void }) {
  if (order.paid) {
    // The id is one token someone may copy or read out to support: it never wraps. Small
    // monospace keeps a provider's id (about 27 characters) inside a 390 px phone's card.
    return (
      <div className="space-y-1 text-sm">
        <OrderStatusBadge order={order} />
        <p>Transaction id:</p>
        <p className="overflow-x-auto">
          <code className="font-mono text-xs whitespace-nowrap" data-testid="transaction-id">{order.transactionId}</code>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {order.status === 'expired' ? (
        <OrderStatusBadge order={order} />
      ) : (
        <>
          <Link to={paths.checkOut(order._id)} className="btn btn-sm btn-primary">Pay</Link>
          <PayByTime payBy={order.payBy} />
        </>
      )}
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={onDelete} aria-label={`Delete order for ${order.productName}`}>
        Delete
      </button>
    </div>
  );
}
