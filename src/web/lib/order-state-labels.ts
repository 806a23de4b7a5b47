import type { OrderState } from '../../shared/schemas/order-list';
import type { Order } from '../../shared/schemas/orders';

/**
 * How the web names an order's state, in one place. The state is the one the admin's filter uses
 * (src/shared/schemas/order-list.ts): unpaid until paid, then the order's status. Each place
 * words it for its reader, so there is one table per place; a state added in shared fails to
 * compile here until every table names it. (The timeline names events, not states: it keeps its
 * own words, order-timeline.tsx.)
 */
export const orderStateOf = (order: Pick<Order, 'status'>): OrderState => order.status ?? 'unpaid';

/** The state as a sentence, under the order page's heading (the buyer's and the admin's page). */
export const ORDER_STATE_SENTENCES: Record<OrderState, string> = {
  unpaid: 'Waiting for payment',
  pending: 'Paid, waiting to ship',
  shipped: 'Shipped',
  expired: 'Expired unpaid',
  refunded: 'Cancelled and refunded',
};

/** The sentence under the order page's heading: a refund after shipping refunded a return, it cancelled nothing. */
export const orderStateSentence = (order: Pick<Order, 'status' | 'shippedAt'>): string =>
  order.status === 'refunded' && order.shippedAt !== null ? 'Refunded after shipping' : ORDER_STATE_SENTENCES[orderStateOf(order)];

/** The state as the back office's lists name it (Manage Orders' Show filter, the Overview's counts), shared with the CSV export. */
export { ORDER_STATE_LABELS } from '../../shared/schemas/order-list';

/** The state as a badge in a list of orders: its words and its daisyUI tone. */
export const ORDER_STATE_BADGES: Record<OrderState, { text: string; tone: string }> = {
  unpaid: { text: 'Unpaid', tone: 'badge-outline' },
  pending: { text: 'Paid, pending shipment', tone: 'badge-warning' },
  shipped: { text: 'Shipped', tone: 'badge-success' },
  expired: { text: 'Expired', tone: 'badge-neutral' },
  refunded: { text: 'Refunded', tone: 'badge-neutral' },
};
