import type { Order } from '../../../../shared/schemas/orders';

/** An order kept after its buyer deleted their account has no email or phone any more (decision 046). */
const NOT_KEPT = 'Not kept: the buyer deleted their account';

/** Where the order goes and who bought it; with the carrier and tracking once it has shipped. */
export function OrderDeliveryCard({ order }: { order: Order }) {
  return (
    <section aria-labelledby="order-delivery-title" className="card bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
      <h3 id="order-delivery-title" className="text-lg font-semibold">Delivery</h3>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium">Deliver to</dt>
        <dd data-testid="order-page-address" className="whitespace-pre-line">{order.address}</dd>
        <dt className="font-medium">Phone</dt>
        <dd>
          {order.phone ? (
            <a className="link" href={`tel:${order.phone.replace(/[^+\d]/g, '')}`} data-testid="order-page-phone">
              {order.phone}
            </a>
          ) : (
            <span className="text-base-content/80">{NOT_KEPT}</span>
          )}
        </dd>
        <dt className="font-medium">Buyer</dt>
        <dd>
          {order.name}
          <span className="block break-all text-base-content/80">
            {order.email ? <a className="link" href={`mailto:${order.email}`}>{order.email}</a> : NOT_KEPT}
          </span>
        </dd>
        {order.carrier ? (
          <>
            <dt className="font-medium">Carrier</dt>
            <dd>{order.carrier}</dd>
          </>
        ) : null}
        {order.trackingNumber ? (
          <>
            <dt className="font-medium">Tracking</dt>
            <dd className="font-mono break-all" data-testid="order-page-tracking">
              {order.trackingUrl ? (
                <a className="link" href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {order.trackingNumber}
                </a>
              ) : (
                order.trackingNumber
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
