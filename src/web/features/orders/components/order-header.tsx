import type { ReactNode } from 'react';
import type { Order } from '../../../../shared/schemas/orders';
import { orderStateSentence } from '../../../lib/order-state-labels';

const placedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** The order page's heading: its number, state and when it was placed, with the page's actions beside. */
export function OrderHeader({ order, actions }: { order: Order; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 id="order-page-title" className="text-3xl font-bold">{`Order ${order.number}`}</h2>
        <p className="mt-1 text-base-content/80">
          <span className="font-medium text-base-content" data-testid="order-page-state">{orderStateSentence(order)}</span>
          {' · placed '}
          <time dateTime={order.createdAt}>{placedOn.format(new Date(order.createdAt))}</time>
        </p>
        {order.invoiceNumber ? <p className="text-sm text-base-content/80">{`Invoice ${order.invoiceNumber}`}</p> : null}
        {order.creditNoteNumber ? <p className="text-sm text-base-content/80">{`Credit note ${order.creditNoteNumber}`}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
