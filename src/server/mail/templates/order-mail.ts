import { APP_ROUTES, centsToDollars, fillRoute, formatCreditNoteNumber, formatInvoiceNumber, formatOrderNumber, formatUsd, milliToPercent, summariseTax } from '../../../shared';
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
  number: number;
  email: string;
  name: string;
  address: string;
  phone: string;
  totalCents: number;
  createdAt: Date;
  transactionId: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** `sku` null for a line ordered before tools had SKUs; the tax fields as the line was taxed (decision 048). */
  lines: Array<{ productName: string; sku: string | null; priceCents: number; quantity: number } & Partial<LineTaxForMail>>;
  /**
   * The tax (decision 048). Absent only from a mail queued before tax existed, which shows the
   * total alone as it did then.
   */
  subtotalCents?: number;
  taxCents?: number;
  pricesIncludeTax?: boolean;
  reverseCharge?: boolean;
  buyerVatId?: string | null;
}

/** A line's tax as the order keeps it. */
export interface LineTaxForMail {
  taxName: string | null;
  taxPercentMilli: number;
  taxCents: number;
}

/** The tax part of an order, as every mail about it shows it. */
export type OrderTaxForMail = Pick<OrderForMail, 'subtotalCents' | 'taxCents' | 'pricesIncludeTax' | 'reverseCharge' | 'buyerVatId' | 'totalCents'> & {
  lines: Array<Partial<LineTaxForMail>>;
};

/** A line's tool as a mail names it: "Torque Wrench · SKU TW-180", or the name alone when it has no SKU. */
export const mailLineName = (line: { productName: string; sku: string | null }) => (line.sku ? `${line.productName} · SKU ${line.sku}` : line.productName);

// The web app's pages, from the list its router is built from.
const checkOutPath = (orderId: string) => fillRoute(APP_ROUTES.checkOut, orderId);
const orderPagePath = (orderId: string) => fillRoute(APP_ROUTES.orderPage, orderId);
/** The credit note's download (invoices/routes.ts), which takes the session cookie. */
const creditNotePdfPath = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}/credit-note.pdf`;

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

/** How long an unpaid order is kept, in words: "a day" (the default), "2 hours", "90 minutes". */
export function keptFor(minutes: number): string {
  const count = (n: number, unit: string, one: string) => (n === 1 ? one : `${n} ${unit}s`);
  if (minutes % 1440 === 0) return count(minutes / 1440, 'day', 'a day');
  if (minutes % 60 === 0) return count(minutes / 60, 'hour', 'an hour');
  return count(minutes, 'minute', 'a minute');
}

const money = (cents: number) => formatUsd(centsToDollars(cents));
const totalOf = (order: OrderForMail) => money(order.totalCents);

const numberOf = (order: OrderForMail) => formatOrderNumber(order.number);

const percentText = (milli: number) => `${milliToPercent(milli).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;

/**
 * Subtotal, tax and total, as the order page shows them (decision 048): each tax line by name and
 * rate ("Includes VAT (19%)" when prices include it), or the reverse charge with the buyer's VAT
 * number, which an EU business needs to account for the VAT itself.
 */
export function taxRows(order: OrderTaxForMail): { label: string; value: string }[] {
  if (order.subtotalCents === undefined) return [{ label: 'Total', value: money(order.totalCents) }];
  const summary = summariseTax(order.lines.map((line) => ({ taxName: line.taxName ?? null, percentMilli: line.taxPercentMilli ?? 0, taxCents: line.taxCents ?? 0 })));
  const tax = order.reverseCharge
    ? [{ label: 'VAT', value: `${money(0)}: reverse charge, the buyer accounts for the VAT${order.buyerVatId ? ` (VAT number ${order.buyerVatId})` : ''}` }]
    : summary.length === 0
      ? [{ label: 'Tax', value: money(order.taxCents ?? 0) }]
      : summary.map((row) => ({ label: `${order.pricesIncludeTax ? 'Includes ' : ''}${row.name} (${percentText(row.percentMilli)})`, value: money(row.taxCents) }));
  return [{ label: 'Subtotal', value: money(order.subtotalCents) }, ...tax, { label: 'Total', value: money(order.totalCents) }];
}

/** The order's lines, tax and total, the same in every order mail: one row a tool, with its SKU. */
function orderRows(order: OrderForMail) {
  const [total, ...rest] = taxRows(order).reverse();
  return [
    { label: 'Order', value: numberOf(order) },
    ...order.lines.map((line) => ({
      label: `${line.quantity} × ${mailLineName(line)}`,
      value: line.quantity === 1 ? money(line.priceCents) : `${money(line.priceCents * line.quantity)} (${money(line.priceCents)} each)`,
    })),
    ...rest.reverse(),
    { label: 'Delivery', value: 'Free' },
    total!,
  ];
}

const deliveryRows = (order: OrderForMail) => [
  { label: 'Deliver to', value: `${order.name}, ${order.address}` },
  { label: 'Phone', value: order.phone },
];

/** Sent when an order is placed: what it is, and until when it may be paid. Subjects stay short: the order number says which. */
export function orderPlacedMail(order: OrderForMail, settings: OrderMailSettings): OutgoingMail {
  const payBy = formatMailTime(payByTime(order, settings.payMinutes));
  return {
    to: order.email,
    subject: `Order ${numberOf(order)} placed: please pay by ${payBy}`,
    ...renderMail({
      heading: 'Your order is placed',
      paragraphs: [
        `Hello ${order.name}, thank you for your order.`,
        // Decision 019: nothing is held for an unpaid order. Said as what happens, not as a warning.
        `We keep your order for ${keptFor(settings.payMinutes)}, until ${payBy}: please pay by then to confirm it. The tools are taken from our stock when you pay.`,
      ],
      rows: [...orderRows(order), { label: 'Pay by', value: payBy }, ...deliveryRows(order)],
      action: { label: 'Pay for the order', url: `${settings.storeUrl}${checkOutPath(order.id)}` },
    }),
  };
}

/** Sent when the payment for an order settles: the receipt, with the invoice's number and where to download it. */
export function orderPaidMail(
  order: OrderForMail,
  payment: { transactionId: string; paidAt: Date; invoiceNumber: number },
  settings: OrderMailSettings,
): OutgoingMail {
  return {
    to: order.email,
    subject: `Payment received for order ${numberOf(order)}`,
    ...renderMail({
      heading: 'Thank you for your payment',
      paragraphs: [
        `Hello ${order.name}, we received your payment of ${totalOf(order)}. We will write again when the order ships.`,
        `Your invoice ${formatInvoiceNumber(payment.invoiceNumber)} is on the order's page, ready to download.`,
      ],
      rows: [
        ...orderRows(order),
        { label: 'Paid', value: formatMailTime(payment.paidAt) },
        { label: 'Transaction id', value: payment.transactionId },
        { label: 'Invoice', value: formatInvoiceNumber(payment.invoiceNumber) },
        ...deliveryRows(order),
      ],
      action: { label: 'See the order and its invoice', url: `${settings.storeUrl}${orderPagePath(order.id)}` },
    }),
  };
}

/** The carrier and tracking an admin gave when shipping, as mail rows (none when none were given). */
function trackingRows(order: OrderForMail) {
  return [
    ...(order.carrier ? [{ label: 'Carrier', value: order.carrier }] : []),
    ...(order.trackingNumber ? [{ label: 'Tracking number', value: order.trackingNumber }] : []),
    ...(order.trackingUrl ? [{ label: 'Track it at', value: order.trackingUrl }] : []),
  ];
}

/** Sent when an admin ships a paid order, with the carrier and tracking when given. */
export function orderShippedMail(order: OrderForMail, settings: OrderMailSettings): OutgoingMail {
  return {
    to: order.email,
    subject: `Order ${numberOf(order)} has shipped`,
    ...renderMail({
      heading: 'Your order is on its way',
      paragraphs: [`Hello ${order.name}, your order has shipped to the address below.`],
      rows: [
        ...orderRows(order),
        ...trackingRows(order),
        ...(order.transactionId ? [{ label: 'Transaction id', value: order.transactionId }] : []),
        ...deliveryRows(order),
      ],
      action: order.trackingUrl
        ? { label: 'Track the parcel', url: order.trackingUrl }
        : { label: 'See the order', url: `${settings.storeUrl}${orderPagePath(order.id)}` },
    }),
  };
}

/** Sent when an admin cancels a paid order and the payment provider has given the money back. */
export function orderRefundedMail(order: OrderForMail, settings: OrderMailSettings, creditNoteNumber: number | null = null): OutgoingMail {
  const creditNote = creditNoteNumber === null ? null : formatCreditNoteNumber(creditNoteNumber);
  return {
    to: order.email,
    subject: `Order ${numberOf(order)} cancelled and refunded`,
    ...renderMail({
      heading: 'Your order is cancelled and refunded',
      paragraphs: [
        `Hello ${order.name}, we have cancelled your order and refunded your payment of ${totalOf(order)} in full.`,
        'Depending on your bank, the money is back on your card within 5 to 10 business days.',
        // The credit note corrects the invoice (decision 049); its link needs the buyer signed in, as the invoice's does.
        ...(creditNote
          ? [`Your credit note ${creditNote} is on the order's page, ready to download: ${settings.storeUrl}${creditNotePdfPath(order.id)}`]
          : []),
      ],
      rows: [
        ...orderRows(order),
        ...(order.transactionId ? [{ label: 'Transaction id', value: order.transactionId }] : []),
        ...(creditNote ? [{ label: 'Credit note', value: creditNote }] : []),
      ],
      action: { label: creditNote ? 'See the order and its credit note' : 'See the order', url: `${settings.storeUrl}${orderPagePath(order.id)}` },
    }),
  };
}
