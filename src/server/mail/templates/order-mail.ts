import { APP_ROUTES, centsToDollars, fillRoute, formatUsd, preview } from '../../../shared';
import type { OutgoingMail } from '../outbox';
import { renderMail } from './layout';

/** What an order mail needs besides the order: where the store is, and how long an unpaid order may be paid. */
export interface OrderMailSettings {
  /** The store's public address (PUBLIC_URL), for the links in the mail. */
  storeUrl: string;
  payMinutes: number;
}

/** The order as it was written (orders-repository's row): its lines (copies of the tools), the buyer's delivery details. */
export interface OrderForMail {
  id: string;
  email: string;
  name: string;
  address: string;
  phone: string;
  totalCents: number;
  createdAt: Date;
  transactionId: string | null;
  lines: { productName: string; priceCents: number; quantity: number }[];
}

// The web app's pages, from the list its router is built from.
const checkOutPath = (orderId: string) => fillRoute(APP_ROUTES.checkOut, orderId);
const MY_ORDERS_PATH = APP_ROUTES.myOrders;

/**
 * The buyer's time zone is unknown to the server, so times are given in UTC, named as such:
 * 'Nov 25, 2025, 3:45 PM UTC'.
 */
const utcTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

export const payByTime = (order: Pick<OrderForMail, 'createdAt'>, payMinutes: number) =>
  new Date(order.createdAt.getTime() + payMinutes * 60_000);

export const formatMailTime = (time: Date) => utcTime.format(time);

const money = (cents: number) => formatUsd(centsToDollars(cents));
const totalOf = (order: OrderForMail) => money(order.totalCents);

/** The order in a few words, for a subject: "2 × Digital Multimeter", "3 tools". */
function what(order: OrderForMail): string {
  const [first] = order.lines;
  if (order.lines.length === 1 && first) return `${first.quantity} × ${preview(first.productName, 60, '…')}`;
  return `${order.lines.length} tools`;
}

/** The order's lines and total, the same in every order mail: one row a tool. */
function orderRows(order: OrderForMail) {
  return [
    { label: 'Order', value: order.id },
    ...order.lines.map((line) => ({
      label: `${line.quantity} × ${line.productName}`,
      value: line.quantity === 1 ? money(line.priceCents) : `${money(line.priceCents * line.quantity)} (${money(line.priceCents)} each)`,
    })),
    { label: 'Delivery', value: 'Free' },
    { label: 'Total', value: totalOf(order) },
  ];
}

const deliveryRows = (order: OrderForMail) => [
  { label: 'Deliver to', value: `${order.name}, ${order.address}` },
  { label: 'Phone', value: order.phone },
];

/** Sent when an order is placed: what it is, and until when it may be paid. */
export function orderPlacedMail(order: OrderForMail, settings: OrderMailSettings): OutgoingMail {
  const payBy = formatMailTime(payByTime(order, settings.payMinutes));
  return {
    to: order.email,
    subject: `Order placed: ${what(order)}. Please pay by ${payBy}`,
    ...renderMail({
      heading: 'Your order is placed',
      paragraphs: [
        `Hello ${order.name}, thank you for your order.`,
        `Please pay by ${payBy} to confirm the order; an order not paid by then is cancelled. The tools are yours once the payment is through: until then they stay on sale to everyone.`,
      ],
      rows: [...orderRows(order), { label: 'Pay by', value: payBy }, ...deliveryRows(order)],
      action: { label: 'Pay for the order', url: `${settings.storeUrl}${checkOutPath(order.id)}` },
    }),
  };
}

/** Sent when the payment for an order settles: the receipt. */
export function orderPaidMail(order: OrderForMail, transactionId: string, paidAt: Date, settings: OrderMailSettings): OutgoingMail {
  return {
    to: order.email,
    subject: `Payment received: ${what(order)}, ${totalOf(order)}`,
    ...renderMail({
      heading: 'Thank you for your payment',
      paragraphs: [`Hello ${order.name}, we received your payment of ${totalOf(order)}. We will write again when the order ships.`],
      rows: [
        ...orderRows(order),
        { label: 'Paid', value: formatMailTime(paidAt) },
        { label: 'Transaction id', value: transactionId },
        ...deliveryRows(order),
      ],
      action: { label: 'See your orders', url: `${settings.storeUrl}${MY_ORDERS_PATH}` },
    }),
  };
}

/** Sent when an admin ships a paid order. */
export function orderShippedMail(order: OrderForMail, settings: OrderMailSettings): OutgoingMail {
  return {
    to: order.email,
    subject: `Order shipped: ${what(order)}`,
    ...renderMail({
      heading: 'Your order is on its way',
      paragraphs: [`Hello ${order.name}, your order has shipped to the address below.`],
      rows: [
        ...orderRows(order),
        ...(order.transactionId ? [{ label: 'Transaction id', value: order.transactionId }] : []),
        ...deliveryRows(order),
      ],
      action: { label: 'See your orders', url: `${settings.storeUrl}${MY_ORDERS_PATH}` },
    }),
  };
}
