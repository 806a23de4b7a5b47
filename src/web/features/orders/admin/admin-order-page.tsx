import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TOASTS } from '../../../../shared/messages';
import type { Order, Shipment } from '../../../../shared/schemas/orders';
import { isRefundableStatus } from '../../../../shared/order-statuses';
import { formatUsd } from '../../../../shared/text';
import { paths } from '../../../config/paths';
import { ConfirmModal } from '../../../components/confirm-modal';
import { Loading } from '../../../components/loading';
import { OrderDeliveryCard } from '../components/order-delivery-card';
import { OrderHeader } from '../components/order-header';
import { OrderLinesCard } from '../components/order-lines-card';
import { OrderTimelineSection } from '../components/order-timeline';
import { downloadFile } from '../../../lib/download';
import { notify } from '../../../lib/toast';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation';
import { useOrder } from '../api/get-order';
import { useOrderEvents } from '../api/get-order-events';
import { useConfirmVatNumber, useRefundOrder, useUnshipOrder } from './api/order-actions';
import { BusinessBuyerCard } from './components/business-buyer-card';
import { useShipOrder } from './api/ship-order';
import { ShipOrderDialog } from './components/ship-order-dialog';
import { ConfirmItsYouModal } from '../../../components/confirm-its-you-modal';
import { confirmItsYou } from '../../security/api/confirm-its-you';

/**
 * The admin's view of one order: everything needed to pack and ship it (lines, address, phone,
 * buyer), its timeline, its documents, and the actions its state allows: ship (with tracking),
 * undo a mistaken ship, cancel with a full refund (or refund in full once shipped, when the goods came back).
 */
export default function AdminOrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const events = useOrderEvents(id);
  const confirmVat = useConfirmVatNumber();
  const confirming = useConfirmedMutation({ mutate: (confirmed: Order) => confirmVat.mutateAsync(confirmed._id), success: 'VAT number confirmed' });

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
      <p className="text-sm text-base-content/80" data-testid="order-terms-version">
        {order.data.termsVersion === null
          ? 'Placed before the store had terms and conditions.'
          : `Placed under version ${order.data.termsVersion} of the terms and conditions.`}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <OrderDeliveryCard order={order.data} />
          <BusinessBuyerCard order={order.data} onConfirm={() => void confirming.run(order.data)} confirming={confirmVat.isPending} />
          <OrderLinesCard order={order.data} />
        </div>
        <OrderTimelineSection query={events} />
      </div>
    </section>
  );
}

function AdminOrderActions({ order }: { order: Order }) {
  const ship = useShipOrder();
  const unship = useUnshipOrder();
  const refund = useRefundOrder();
  const shipping = useConfirmedMutation({
    mutate: (shipped: Order, shipment: Shipment) => ship.mutateAsync({ id: shipped._id, shipment }),
    success: TOASTS.statusUpdated,
  });
  const unshipping = useConfirmedMutation({ mutate: (unshipped: Order) => unship.mutateAsync(unshipped._id), success: 'Shipping undone' });
  const refunding = useConfirmedMutation({
    mutate: (refunded: Order) => refund.mutateAsync(refunded._id),
    success: (refunded) => (refunded.status === 'shipped' ? 'The order is refunded' : 'The order is cancelled and refunded'),
  });
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (what: 'invoice' | 'credit-note' | 'packing-slip', format: 'pdf' | 'xml' = 'pdf') => {
    setDownloading(what);
    const names = {
      invoice: `${order.invoiceNumber ?? order.number}`,
      'credit-note': `${order.creditNoteNumber ?? `${order.number}-credit-note`}`,
      'packing-slip': `${order.number}-packing-slip`,
    };
    const name = `${names[what]}.${format}`;
    try {
      await downloadFile(`/orders/${encodeURIComponent(order._id)}/${what}.${format}`, name);
    } catch (error) {
      notify.failure(error);
    } finally {
      setDownloading(null);
    }
  };

  const pending = order.status === 'pending';
  // One refund rule with the server (shared/order-statuses.ts): before shipping it cancels the order; after, the goods came back.
  const refundLabel = pending ? 'Cancel and refund' : 'Refund';
  return (
    <>
      {pending && order.vatReview === 'to-review' ? (
        <span className="badge badge-warning badge-lg" data-testid="order-held-for-review">Reverse charge — VAT number to review</span>
      ) : pending ? (
        <button type="button" className="btn btn-warning" onClick={() => shipping.ask(order)}>
          Pending – mark as shipped
        </button>
      ) : null}
      {order.status === 'shipped' ? (
        <button type="button" className="btn btn-outline" onClick={() => unshipping.ask(order)}>Undo shipping</button>
      ) : null}
      {order.paid ? (
        <>
          <button type="button" className="btn btn-outline" onClick={() => void download('invoice')} disabled={downloading !== null}>
            Invoice (PDF)
          </button>
          <button type="button" className="btn btn-outline" onClick={() => void download('invoice', 'xml')} disabled={downloading !== null}>
            Invoice (XML)
          </button>
          {order.creditNoteNumber ? (
            <button type="button" className="btn btn-outline" onClick={() => void download('credit-note')} disabled={downloading !== null}>
              Credit note (PDF)
            </button>
          ) : null}
          {order.creditNoteNumber ? (
            <button type="button" className="btn btn-outline" onClick={() => void download('credit-note', 'xml')} disabled={downloading !== null}>
              Credit note (XML)
            </button>
          ) : null}
          <button type="button" className="btn btn-outline" onClick={() => void download('packing-slip')} disabled={downloading !== null}>
            Packing slip (PDF)
          </button>
        </>
      ) : null}
      {order.paid && isRefundableStatus(order.status) ? (
        <button type="button" className="btn btn-outline btn-error" onClick={() => refunding.ask(order)}>{refundLabel}</button>
      ) : null}
      <ShipOrderDialog
        orderNumber={shipping.target?.number ?? null}
        busy={ship.isPending}
        onShip={(shipment) => void shipping.confirm(shipment)}
        onCancel={shipping.cancel}
      />
      <ConfirmModal
        open={unshipping.target !== null}
        message={`Undo the shipping of order ${order.number}? It goes back to waiting to ship.`}
        confirmLabel="Undo shipping"
        busy={unship.isPending}
        onConfirm={() => void unshipping.confirm()}
        onCancel={unshipping.cancel}
      />
      {/* Money leaves the store: the admin's password or a code, given just now (decision 023). */}
      <ConfirmItsYouModal
        verify={confirmItsYou}
        open={refunding.target !== null}
        message={
          pending
            ? `Cancel order ${order.number} and refund ${order.email} the full ${formatUsd(order.total)}?`
            : `Refund ${order.email} the full ${formatUsd(order.total)} for order ${order.number}? It has shipped: its tools are not put back in stock.`
        }
        confirmLabel={refundLabel}
        onConfirm={() => refunding.confirm()}
        onCancel={refunding.cancel}
      />
    </>
  );
}
