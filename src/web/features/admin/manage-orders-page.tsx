import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import type { OrderState } from '../../../shared/schemas/admin';
import { SIMPLE_EMAIL } from '../../../shared/schemas/fields';
import type { Order } from '../../../shared/schemas/orders';
import { formatUsd } from '../../../shared/text';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { OrderItems } from '../../components/order-items';
import { useKeepPageInRange, usePageParam } from '../../lib/paging';
import { notify } from '../../lib/toast';
import { useAdminDeleteOrder } from './api/delete-order';
import { ORDERS_PAGE_SIZE, useAllOrders } from './api/get-orders';
import { useShipOrder } from './api/ship-order';
import { isOrderState, OrderFilters } from './components/order-filters';

const orderDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const orderTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** Who bought it, as a screen reader names the order: the buyer's name, or the email without one. */
const buyerOf = (order: Order) => order.name.trim() || order.email;

function PaymentState({ order }: { order: Order }) {
  if (order.paid) {
    return (
      <div className="space-y-1">
        <span className="badge badge-success">Paid</span>
        {order.transactionId ? (
          <p className="text-xs">
            <span className="sr-only">Transaction id: </span>
            <span className="font-mono break-all" data-testid="transaction-id">{order.transactionId}</span>
          </p>
        ) : null}
      </div>
    );
  }
  if (order.status === 'expired') return <span className="badge badge-neutral">Expired</span>;
  return <span className="badge badge-outline">Unpaid</span>;
}

const columns: DataTableColumn<Order>[] = [
  {
    header: 'Product',
    primary: true,
    cell: (order) => <OrderItems order={order} />,
  },
  {
    header: 'Buyer',
    className: 'min-w-36',
    cell: (order) => (
      <div>
        <p>{order.name}</p>
        <p className="text-sm break-all text-base-content/80">{order.email}</p>
      </div>
    ),
  },
  { header: 'Quantity', cell: (order) => order.quantity },
  { header: 'Total', className: 'whitespace-nowrap', cell: (order) => formatUsd(order.total) },
  { header: 'Payment', className: 'min-w-32', cell: (order) => <PaymentState order={order} /> },
  {
    header: 'Ordered',
    className: 'whitespace-nowrap',
    cell: (order) => (
      <time dateTime={order.createdAt}>
        {orderDay.format(new Date(order.createdAt))} <span className="block text-sm text-base-content/80">{orderTime.format(new Date(order.createdAt))}</span>
      </time>
    ),
  },
];

export default function ManageOrdersPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const stateParam = params.get('state') ?? '';
  const state = isOrderState(stateParam) ? stateParam : undefined;
  const emailParam = params.get('email') ?? '';
  const email = SIMPLE_EMAIL.test(emailParam) ? emailParam : undefined;

  const orders = useAllOrders({ state, email }, page);
  useKeepPageInRange(page, orders.data?.total, ORDERS_PAGE_SIZE, setPage);
  const shipOrder = useShipOrder();
  const deleteOrder = useAdminDeleteOrder();
  const [toDelete, setToDelete] = useState<Order | null>(null);

  /** A new filter starts at page 1. */
  const setFilter = (name: 'state' | 'email', value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );

  const ship = async (order: Order) => {
    try {
      await shipOrder.mutateAsync({ id: order._id });
      notify.success(TOASTS.statusUpdated);
    } catch (error) {
      notify.failure(error);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteOrder.mutateAsync(toDelete._id);
      notify.success(TOASTS.orderDeletedByAdmin);
    } catch (error) {
      notify.failure(error);
    } finally {
      setToDelete(null);
    }
  };

  const shipping = (order: Order) => shipOrder.isPending && shipOrder.variables?.id === order._id;

  return (
    <section aria-labelledby="manage-orders-title">
      <h2 id="manage-orders-title" className="text-3xl font-bold">Manage Orders</h2>
      <OrderFilters
        key={email ?? ''}
        state={state}
        email={email}
        onStateChange={(next: OrderState | undefined) => setFilter('state', next)}
        onEmailChange={(next) => setFilter('email', next)}
      />
      {orders.isPending ? <Loading label="Loading orders" /> : null}
      {orders.isError ? (
        <div role="alert" className="alert alert-error mt-6">
          <span>The orders could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void orders.refetch()}>Try again</button>
        </div>
      ) : null}
      {orders.data ? (
        <DataTable
          className="mt-6"
          aria-labelledby="manage-orders-title"
          rows={orders.data.items}
          getRowKey={(order) => order._id}
          rowTestId="order-row"
          stackBelow="lg"
          emptyText={EMPTY_TEXT.manageOrders}
          columns={[
            ...columns,
            {
              // One column for what can be done: ship a paid order, delete an unpaid one.
              header: 'Status',
              className: 'whitespace-nowrap',
              cell: (order) => {
                if (order.status === 'pending') {
                  return (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      disabled={shipping(order)}
                      aria-busy={shipping(order) || undefined}
                      onClick={() => void ship(order)}
                      aria-label={`Mark order of ${order.productName} for ${buyerOf(order)} as shipped`}
                    >
                      Pending
                    </button>
                  );
                }
                if (order.status === 'shipped') return <span className="badge badge-success">Shipped</span>;
                if (order.paid) return null;
                return (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-error"
                    onClick={() => setToDelete(order)}
                    aria-label={`Delete order of ${order.productName} for ${buyerOf(order)}`}
                  >
                    Delete
                  </button>
                );
              },
            },
          ]}
          busy={orders.isPlaceholderData}
          page={page}
          pageSize={ORDERS_PAGE_SIZE}
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
