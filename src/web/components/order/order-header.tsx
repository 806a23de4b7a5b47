import type { ReactNode } from 'react';
import type { Order } from '../../../shared/schemas/orders';

const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** What state an order is in, in a shopper's words. */
export function orderStateText(order: Pick<Order, 'paid' | 'status'>): string {
  if (order.status === 'refunded') return 'Cancelled and refunded';
  if (order.status === 'shipped') return 'Shipped';
  if (order.status === 'pending') return 'Paid, waiting to ship';
  if (order.status === 'expired') return 'Expired unpaid';
  return 'Waiting for payment';
}

/** The order page's heading: its number, state and when it was placed, with the page's actions beside. */
export function OrderHeader({ order, actions }: { order: Order; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 id="order-page-title" className="text-3xl font-bold">{`Order ${order.number}`}</h2>
        <p className="mt-1 text-base-content/80">
          <span className="font-medium text-base-content" data-testid="order-page-state">{orderStateText(order)}</span>
          {' · placed '}
          <time dateTime={order.createdAt}>{placedOn.format(new Date(order.createdAt))}</time>
        </p>
        {order.invoiceNumber ? <p className="text-sm text-base-content/80">{`Invoice ${order.invoiceNumber}`}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
