import type { OrderEvent } from '../../../../shared/schemas/orders';
import { Loading } from '../../../components/loading';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What each moment of an order's life is called, and what of its details is worth reading. */
function describe(event: OrderEvent): { title: string; detail: string | null } {
  const d = event.details ?? {};
  switch (event.kind) {
    case 'placed':
      return { title: 'Order placed', detail: null };
    case 'paid':
      return { title: 'Paid', detail: d.transactionId ? `Transaction id ${d.transactionId}` : null };
    case 'shipped': {
      const parts = [d.carrier, d.trackingNumber ? `tracking ${d.trackingNumber}` : null].filter(Boolean);
      return { title: 'Shipped', detail: parts.length > 0 ? parts.join(', ') : null };
    }
    case 'unshipped':
      return { title: 'Shipping undone', detail: 'Marked as shipped by mistake; waiting to ship again' };
    case 'expired':
      return { title: 'Expired', detail: 'Not paid in time' };
    case 'refunded':
      return { title: 'Cancelled and refunded', detail: d.refundId ? `Refund ${d.refundId}` : null };
    case 'refund_failed':
      return { title: 'Refund refused by the payment provider', detail: d.reason ?? null };
    case 'vat_number_confirmed':
      return { title: 'VAT number confirmed for reverse charge', detail: d.buyerVatId ?? null };
  }
}

/** An order's timeline, oldest first: what happened, when, and who did it. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <section aria-labelledby="order-timeline-title" className="card bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
      <h3 id="order-timeline-title" className="text-lg font-semibold">Timeline</h3>
      <ol className="mt-4 space-y-4 border-l-2 border-base-300 pl-4" data-testid="order-timeline">
        {events.map((event, i) => {
          const { title, detail } = describe(event);
          return (
            <li key={`${event.kind}-${event.at}-${i}`}>
              <p className="font-medium">{title}</p>
              <p className="text-sm text-base-content/80">
                <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
                {event.actorEmail ? <span className="break-all">{` · ${event.actorEmail}`}</span> : null}
              </p>
              {detail ? <p className="text-sm break-all">{detail}</p> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The timeline as an order page shows it: the placeholder while it loads, and when it could not be
 * loaded, says so with Try again (the rest of the order is on the page already).
 */
export function OrderTimelineSection({ query }: { query: { data: OrderEvent[] | undefined; isError: boolean; refetch: () => unknown } }) {
  if (query.data) return <OrderTimeline events={query.data} />;
  if (query.isError) {
    return (
      <div role="alert" className="alert alert-error">
        <span>The timeline could not be loaded.</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>Try again</button>
      </div>
    );
  }
  return <Loading label="Loading the timeline" />;
}
