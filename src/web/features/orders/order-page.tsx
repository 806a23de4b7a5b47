import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CONFIRM, TOASTS } from '../../../shared/messages';
import type { Order } from '../../../shared/schemas/orders';
import { paths } from '../../config/paths';
import { ConfirmModal } from '../../components/confirm-modal';
import { Loading } from '../../components/loading';
import { OrderDeliveryCard } from './components/order-delivery-card';
import { OrderHeader } from './components/order-header';
import { OrderLinesCard } from './components/order-lines-card';
import { OrderTimelineSection } from './components/order-timeline';
import { downloadFile } from '../../lib/download';
import { notify } from '../../lib/toast';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation';
import { useDeleteOrder } from './api/delete-order';
import { useOrder } from './api/get-order';
import { useOrderEvents } from './api/get-order-events';

/**
 * A customer's order: what it is for, where it goes, what has happened to it, and what they can
 * do now (pay or delete it while unpaid; download the invoice once paid, and the credit note once refunded).
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  const events = useOrderEvents(id);
  const deleteOrder = useDeleteOrder();
  const navigate = useNavigate();
  const removal = useConfirmedMutation({
    mutate: (removed: Order) => deleteOrder.mutateAsync(removed._id),
    success: TOASTS.orderDeleted,
    onSuccess: () => navigate(paths.myOrders),
  });
  const [downloading, setDownloading] = useState(false);

  if (order.isPending) return <Loading label="Loading the order" />;
  if (order.isError || !order.data) return <OrderNotFound />;
  const current = order.data;
  const payable = !current.paid && current.status === null;

  // The invoice once paid; the credit note that cancels it once refunded (decision 049).
  // Each also as an EN 16931 e-invoice (XML) for a business's accounts.
  const download = async (what: 'invoice' | 'credit-note', format: 'pdf' | 'xml' = 'pdf') => {
    setDownloading(true);
    const name = what === 'invoice' ? (current.invoiceNumber ?? current.number) : (current.creditNoteNumber ?? `${current.number}-credit-note`);
    try {
      await downloadFile(`/orders/${encodeURIComponent(current._id)}/${what}.${format}`, `${name}.${format}`);
    } catch (error) {
      notify.failure(error);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby="order-page-title" className="max-w-5xl space-y-6">
      <Link to={paths.myOrders} className="link text-sm">← My Orders</Link>
      <OrderHeader
        order={current}
        actions={
          <>
            {payable ? <Link to={paths.checkOut(current._id)} className="btn btn-primary">Pay</Link> : null}
            {current.invoiceNumber ? (
              <button type="button" className="btn btn-outline" onClick={() => void download('invoice')} disabled={downloading} aria-busy={downloading || undefined}>
                Download invoice
              </button>
            ) : null}
            {current.invoiceNumber ? (
              <button type="button" className="btn btn-ghost" onClick={() => void download('invoice', 'xml')} disabled={downloading} aria-busy={downloading || undefined}>
                E-invoice (XML)
              </button>
            ) : null}
            {current.creditNoteNumber ? (
              <button type="button" className="btn btn-outline" onClick={() => void download('credit-note')} disabled={downloading} aria-busy={downloading || undefined}>
                Download credit note
              </button>
            ) : null}
            {current.creditNoteNumber ? (
              <button type="button" className="btn btn-ghost" onClick={() => void download('credit-note', 'xml')} disabled={downloading} aria-busy={downloading || undefined}>
                Credit note e-invoice (XML)
              </button>
            ) : null}
            {!current.paid ? (
              <button type="button" className="btn btn-outline btn-error" onClick={() => removal.ask(current)}>Delete</button>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <OrderLinesCard order={current} />
        <div className="space-y-6">
          <OrderDeliveryCard order={current} />
          <OrderTimelineSection query={events} />
        </div>
      </div>
      <ConfirmModal open={removal.target !== null} message={CONFIRM.deleteOrder} busy={deleteOrder.isPending} onConfirm={() => void removal.confirm()} onCancel={removal.cancel} />
    </section>
  );
}

function OrderNotFound() {
  return (
    <section>
      <h2 className="text-3xl font-bold">Order not found</h2>
      <Link to={paths.myOrders} className="btn btn-primary mt-6">Back to My Orders</Link>
    </section>
  );
}
