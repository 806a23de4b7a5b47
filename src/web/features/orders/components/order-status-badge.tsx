import type { Order } from '../../../../shared/schemas/orders';

const LABELS = {
  pending: { text: 'Paid, pending shipment', className: 'badge-warning' },
  shipped: { text: 'Shipped', className: 'badge-success' },
  expired: { text: 'Expired', className: 'badge-neutral' },
  refunded: { text: 'Refunded', className: 'badge-neutral' },
} as const;

export function OrderStatusBadge({ order }: { order: Order }) {
  if (!order.status) return <span className="badge badge-outline">Unpaid</span>;
  const label = LABELS[order.status];
  return <span className={`badge ${label.className}`}>{label.text}</span>;
}
