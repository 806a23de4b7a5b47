import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TOASTS } from '../../../shared/messages';
import type { Order } from '../../../shared/schemas/orders';
import { formatUsd } from '../../../shared/text';
import { paths } from '../../config/paths';
import { ConfirmModal } from '../../components/confirm-modal';
import { Loading } from '../../components/loading';
import { OrderDeliveryCard } from '../../components/order/order-delivery-card';
import { OrderHeader } from '../../components/order/order-header';
import { OrderLinesCard } from '../../components/order/order-lines-card';
import { OrderTimeline } from '../../components/order/order-timeline';
import { downloadFile } from '../../lib/download';
import { notify } from '../../lib/toast';
import { useOrder } from '../orders/api/get-order';
import { useOrderEvents } from '../orders/api/get-order-events';
import { useRefundOrder, useUnshipOrder } from './api/order-actions';
import { useShipOrder } from './api/ship-order';
import { ShipOrderDialog } from './components/ship-order-dialog';
import { ConfirmItsYouModal } from './components/confirm-its-you-modal';

type Confirming = 'unship' | 'refund' | null;

/**
 * The admin's view of one order: everything needed to pack and ship it (lines, address, phone,
 * buyer), its timeline, its documents, and the actions its state allows: ship (with tracking),
 * undo a mistaken ship, cancel with a full refund.
 */
export default function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const events = useOrderEvents(id);

  if (order.isPending) return <Loading label="Loading the order" />;
  if (order.isError || !order.data) {
    return (
      <section>
        <h2 className="text-3xl font-bold">Order not found</h2>
        <Link to={paths.manageOrders} className="btn btn-primary mt-6">Back to Manage Orders</Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-page-title" className="max-w-5xl space-y-6">
      <Link to={paths.manageOrders} className="link text-sm">← Manage Orders</Link>
      <OrderHeader order={order.data} actions={<AdminOrderActions order={order.data} />} />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <OrderDeliveryCard order={order.data} />
          <OrderLinesCard order={order.data} />
        </div>
        {events.data ? <OrderTimeline events={events.data} /> : <Loading label="Loading the timeline" />}
      </div>
    </section>
  );
}

function AdminOrderActions({ order }: { order: Order }) {
  const ship = useShipOrder();
  const unship = useUnshipOrder();
  const refund = useRefundOrder();
  const [shipping, setShipping] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (what: 'invoice' | 'packing-slip') => {
    setDownloading(what);
    const name = what === 'invoice' ? `${order.invoiceNumber ?? order.number}.pdf` : `${order.number}-packing-slip.pdf`;
    try {
      await downloadFile(`/orders/${encodeURIComponent(order._id)}/${what}.pdf`, name);
    } catch (error) {
      notify.failure(error);
    } finally {
      setDownloading(null);
    }
  };

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify.success(success);
    } catch (error) {
      notify.failure(error);
    } finally {
      setShipping(false);
      setConfirming(null);
    }
  };

  const pending = order.status === 'pending';
  return (
    <>
      {pending ? (
        <button type="button" className="btn btn-warning" onClick={() => setShipping(true)}>
          Pending – mark as shipped
        </button>
      ) : null}
      {order.status === 'shipped' ? (
        <button type="button" className="btn btn-outline" onClick={() => setConfirming('unship')}>Undo shipping</button>
      ) : null}
      {order.paid ? (
        <>
          <button type="button" className="btn btn-outline" onClick={() => void download('invoice')} disabled={downloading !== null}>
            Invoice (PDF)
          </button>
          <button type="button" className="btn btn-outline" onClick={() => void download('packing-slip')} disabled={downloading !== null}>
            Packing slip (PDF)
          </button>
        </>
      ) : null}
      {pending ? (
        <button type="button" className="btn btn-outline btn-error" onClick={() => setConfirming('refund')}>Cancel and refund</button>
      ) : null}
      <ShipOrderDialog
        orderNumber={shipping ? order.number : null}
        busy={ship.isPending}
        onShip={(shipment) => void run(() => ship.mutateAsync({ id: order._id, shipment }), TOASTS.statusUpdated)}
        onCancel={() => setShipping(false)}
      />
      <ConfirmModal
        open={confirming === 'unship'}
        message={`Undo the shipping of order ${order.number}? It goes back to waiting to ship.`}
        confirmLabel="Undo shipping"
        busy={unship.isPending}
        onConfirm={() => void run(() => unship.mutateAsync(order._id), 'Shipping undone')}
        onCancel={() => setConfirming(null)}
      />
      {/* Money leaves the store: the admin's password or a code, given just now (decision 023). */}
      <ConfirmItsYouModal
        open={confirming === 'refund'}
        message={`Cancel order ${order.number} and refund ${order.email} the full ${formatUsd(order.total)}?`}
        confirmLabel="Cancel and refund"
        onConfirm={() => run(() => refund.mutateAsync(order._id), 'The order is cancelled and refunded')}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
