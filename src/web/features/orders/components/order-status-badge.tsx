import type { Order } from '../../../../shared/schemas/orders';
import { ORDER_STATE_BADGES, orderStateOf } from '../../../lib/order-state-labels';

/** An order's state as a badge (My Orders, Manage Orders). */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status'> }) {
  const badge = ORDER_STATE_BADGES[orderStateOf(order)];
  return <span className={`badge ${badge.tone}`}>{badge.text}</span>;
}
