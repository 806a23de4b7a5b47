/**
 * An order's statuses and the kinds of moment on its timeline: one list each, read by the API's
 * schemas (schemas/orders.ts), the database's columns (server/db/schema.ts) and the web. Kept free
 * of imports, so the database schema can take it without the rest of shared.
 */

/** `orders.status`: null while unpaid; then waiting to ship (`pending`), shipped, expired or refunded. */
export const ORDER_STATUSES = ['pending', 'shipped', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The one refund rule (issue 25): a paid order may be cancelled with a full refund while it waits
 * to ship, and after it shipped (the goods came back, or never arrived). Only a refund before
 * shipping puts the units back on sale: goods that left are counted back by hand, once inspected.
 */
export const REFUNDABLE_STATUSES = ['pending', 'shipped'] as const satisfies readonly OrderStatus[];
export const isRefundableStatus = (status: OrderStatus | null): status is (typeof REFUNDABLE_STATUSES)[number] =>
  (REFUNDABLE_STATUSES as readonly (OrderStatus | null)[]).includes(status);

/** What can happen to an order, as its timeline (`order_events.kind`) records it. */
export const ORDER_EVENT_KINDS = ['placed', 'paid', 'shipped', 'unshipped', 'expired', 'refunded', 'refund_failed', 'vat_number_confirmed'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
