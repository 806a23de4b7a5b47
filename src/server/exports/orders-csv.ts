import type { AdminOrdersFilter } from '../../shared';
import { formatOrderNumber, ORDER_STATE_LABELS } from '../../shared';
import type { AppDatabase } from '../db/client';
import { walkAdminOrders, type ExportedOrder } from '../orders/admin-order-list';
import { csvDollars, csvRow, csvTime, READ_BY_PEOPLE } from '../lib/csv';

export const ORDERS_CSV_HEADER = [
  'Order number',
  'Placed at (UTC)',
  'Status',
  'Buyer name',
  'Email',
  'Phone',
  'Address',
  'Lines',
  'Total (USD)',
  'Paid at (UTC)',
  'Transaction id',
  'Shipped at (UTC)',
  'Carrier',
  'Tracking number',
  // Added last, so a sheet or script that reads the columns by position keeps working.
  'SKUs',
  // Tax (decision 048), added after them for the same reason. Total (USD) above is what was paid:
  // the subtotal plus the tax, or the subtotal alone when prices included the tax.
  'Subtotal (USD)',
  'Tax (USD)',
  'Country',
  'Region',
  'Reverse charge',
  'VAT number',
  // A refund gives back the whole total (decision 020); when, and how much, for the books.
  'Refunded at (UTC)',
  'Refund (USD)',
] as const;

/**
 * Orders read per statement. A page is one short query (the lines come with their order), some
 * hundreds of kilobytes of objects, written out before the next is read: the export's memory does
 * not grow with the number of orders (export-scale.test.ts checks it at 100,000). Bigger pages
 * would be fewer statements, which helps the orders without an index (by total, say, where each
 * page sorts its matches), but at 2,500 the heap peaked at 80-90 MB between collections instead of
 * 20-30, and each statement holds the embedded database (one statement at a time) longer.
 */
export const ORDERS_CSV_PAGE_SIZE = 1000;

/** The state in the words Manage Orders' filter shows ("Paid — waiting to ship"), which a spreadsheet can filter on. */
function stateOf(order: Pick<ExportedOrder, 'status'>): string {
  return ORDER_STATE_LABELS[order.status ?? 'unpaid'];
}

/**
 * The lines' SKUs in the lines' order, as the Lines column lists them ("TM-DMM-6000; TW-180"): a
 * workshop filters its orders by part number. Lines ordered before SKUs existed have none to give.
 */
function skusOf(order: Pick<ExportedOrder, 'lines'>): string {
  return order.lines.flatMap(([, , sku]) => (sku ? [sku] : [])).join('; ');
}

export function orderCsvRow(order: ExportedOrder): string {
  return csvRow([
    formatOrderNumber(order.number),
    csvTime(order.createdAt),
    stateOf(order),
    order.name,
    order.email,
    order.phone,
    order.address,
    order.lines.map(([quantity, productName]) => `${quantity} × ${productName}`).join('; '),
    csvDollars(order.totalCents),
    csvTime(order.paidAt),
    order.transactionId,
    csvTime(order.shippedAt),
    order.carrier,
    order.trackingNumber,
    skusOf(order),
    csvDollars(order.subtotalCents),
    csvDollars(order.taxCents),
    order.country,
    order.region,
    order.reverseCharge ? 'yes' : 'no',
    order.buyerVatId,
    csvTime(order.refundedAt),
    order.status === 'refunded' ? csvDollars(order.totalCents) : null,
  ], READ_BY_PEOPLE);
}

/** The export's body after its header: one chunk of text per page of orders, in the list's order. */
export async function* ordersCsvChunks(db: AppDatabase, filter: AdminOrdersFilter, pageSize = ORDERS_CSV_PAGE_SIZE) {
  for await (const page of walkAdminOrders(db, filter, pageSize)) {
    yield page.map(orderCsvRow).join('');
  }
}
