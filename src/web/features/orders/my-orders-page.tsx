import { useState } from 'react';
import { Link } from 'react-router';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import type { Order } from '../../../shared/schemas/orders';
import { PREVIEW } from '../../../shared/constants';
import { formatUsd, preview } from '../../../shared/text';
import { paths } from '../../config/paths';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { OrderItems } from '../../components/order-items';
import { useSession } from '../../lib/session-query';
import { useKeepPageInRange, usePageParam } from '../../lib/paging';
import { notify } from '../../lib/toast';
import { useDeleteOrder } from './api/delete-order';
import { MY_ORDERS_PAGE_SIZE, useMyOrders } from './api/get-my-orders';
import { OrderStatusBadge } from './components/order-status-badge';
import { PayByTime } from './components/pay-by-time';

const orderDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const columns: DataTableColumn<Order>[] = [
  {
    header: 'Item',
    primary: true,
    cell: (order) => (
      <div className="space-y-1">
        <Link to={paths.orderPage(order._id)} className="link link-primary text-sm font-semibold whitespace-nowrap" data-testid="order-number">
          {order.number}
        </Link>
        <OrderItems order={order} />
      </div>
    ),
  },
  {
    header: 'Description',
    className: 'min-w-40',
    // An order of several tools lists them under Item; its description is that list again.
    cell: (order) => (order.lines.length > 1 ? '—' : preview(order.description, PREVIEW.myOrders, '...')),
  },
  // Each line of an order of several tools has its own price: the order has none.
  { header: 'Price', cell: (order) => (order.price === null ? '—' : formatUsd(order.price)) },
  { header: 'Quantity', cell: (order) => order.quantity },
  { header: 'Total', cell: (order) => formatUsd(order.total) },
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
  useKeepPageInRange(page, orders.data?.total, MY_ORDERS_PAGE_SIZE, setPage);
  const deleteOrder = useDeleteOrder();
  const [toDelete, setToDelete] = useState<Order | null>(null);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteOrder.mutateAsync(toDelete._id);
      notify.success(TOASTS.orderDeleted);
    } catch (error) {
      notify.failure(error);
    } finally {
      setToDelete(null);
    }
  };

  return (
    <section aria-labelledby="my-orders-title">
      <h2 id="my-orders-title" className="text-3xl font-bold">My Orders</h2>
      {orders.isPending ? <Loading label="Loading your orders" /> : null}
      {orders.data ? (
        <DataTable
          className="mt-6"
          aria-labelledby="my-orders-title"
          rows={orders.data.items}
          getRowKey={(order) => order._id}
          rowTestId="order-row"
          stackBelow="lg"
          emptyText={<NoOrders />}
          columns={[
            ...columns,
            { header: 'Action', className: 'min-w-48', cell: (order) => <OrderActions order={order} onDelete={() => setToDelete(order)} /> },
          ]}
          busy={orders.isPlaceholderData}
          page={page}
          pageSize={MY_ORDERS_PAGE_SIZE}
          total={orders.data.total}
          onPageChange={setPage}
        />
      ) : null}
      <ConfirmModal
        open={toDelete !== null}
        message={CONFIRM.deleteOrder}
        busy={deleteOrder.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
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
