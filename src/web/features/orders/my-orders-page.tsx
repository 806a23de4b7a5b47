import { useState } from 'react';
import { Link } from 'react-router';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import type { Order } from '../../../shared/schemas/orders';
import { PREVIEW } from '../../../shared/constants';
import { formatUsd, preview } from '../../../shared/text';
import { paths } from '../../config/paths';
import { ConfirmModal } from '../../components/confirm-modal';
import { Loading } from '../../components/loading';
import { useSession } from '../../lib/auth-client';
import { notify } from '../../lib/toast';
import { useDeleteOrder } from './api/delete-order';
import { useMyOrders } from './api/get-my-orders';
import { OrderStatusBadge } from './components/order-status-badge';

export default function MyOrdersPage() {
  const { data: session } = useSession();
  const orders = useMyOrders(session?.user.email ?? '');
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
      {orders.isSuccess && orders.data.length === 0 ? <p className="mt-6">{EMPTY_TEXT.myOrders}</p> : null}
      {orders.data && orders.data.length > 0 ? (
        <div className="mt-6 overflow-x-auto rounded-box ring-1 ring-base-300">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Description</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <tr key={order._id} data-testid="order-row">
                  <td>
                    <div className="flex items-center gap-3">
                      <img src={order.productImage} alt="" width="48" height="36" className="h-9 w-12 rounded object-cover" />
                      <span className="font-medium">{order.productName}</span>
                    </div>
                  </td>
                  <td className="max-w-xs">{preview(order.description, PREVIEW.myOrders, '...')}</td>
                  <td>{formatUsd(order.price)}</td>
                  <td>{order.quantity}</td>
                  <td>
                    <OrderActions order={order} onDelete={() => setToDelete(order)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

function OrderActions({ order, onDelete }: { order: Order; onDelete: () => void }) {
  if (order.paid) {
    return (
      <div className="space-y-1 text-sm">
        <OrderStatusBadge order={order} />
        <p>
          Transaction id: <span className="font-mono break-all" data-testid="transaction-id">{order.transactionId}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {order.status === 'expired' ? (
        <OrderStatusBadge order={order} />
      ) : (
        <Link to={paths.checkOut(order._id)} className="btn btn-sm btn-primary">Pay</Link>
      )}
      <button type="button" className="btn btn-sm btn-outline btn-error" onClick={onDelete} aria-label={`Delete order for ${order.productName}`}>
        Delete
      </button>
    </div>
  );
}
