import { formatOrderNumber } from '../../shared';
import type { OrderWithLines } from '../orders/orders-repository';
import { finishPdf, newPdfDocument } from '../lib/pdf-document';
import { documentHeader, facts, formatCount, formatDocumentDate, hasSkus, notice, pageFooters, sideBySide, SKU_COLUMN, smallPrint, table, type Fact } from './pdf-layout';

/** What a packing slip is drawn from: the order (its delivery details and lines) and who ships it. */
export interface PackingSlipData {
  order: Pick<
    OrderWithLines,
    | 'number'
    | 'createdAt'
    | 'paidAt'
    | 'name'
    | 'address'
    | 'phone'
    | 'status'
    | 'shippedAt'
    | 'carrier'
    | 'trackingNumber'
    | 'refundedAt'
    | 'lines'
  >;
  /** The seller's name (the owner's settings now: a slip is a warehouse paper, not a record). */
  storeName: string;
}

export const packingSlipFileName = (orderNumber: number) => `${formatOrderNumber(orderNumber)}-packing-slip.pdf`;

/**
 * The paper that goes in the box: which order, where it goes, what is in it. No prices: the box
 * may be a gift, and the invoice is the buyer's to download.
 */
export function renderPackingSlipPdf({ order, storeName }: PackingSlipData): Promise<Buffer> {
  const number = formatOrderNumber(order.number);
  const doc = newPdfDocument({ title: `Packing slip ${number}`, author: storeName, createdAt: order.paidAt ?? order.createdAt });

  documentHeader(doc, storeName, 'Packing slip');
  if (order.status === 'refunded') {
    notice(doc, `Refunded${order.refundedAt ? ` on ${formatDocumentDate(order.refundedAt)}` : ''}: do not ship this order.`);
  }

  const rows: Fact[] = [
    { label: 'Order number', value: number },
    { label: 'Order date', value: formatDocumentDate(order.createdAt) },
  ];
  if (order.status === 'shipped') {
    if (order.shippedAt) rows.push({ label: 'Shipped on', value: formatDocumentDate(order.shippedAt) });
    if (order.carrier) rows.push({ label: 'Carrier', value: order.carrier });
    if (order.trackingNumber) rows.push({ label: 'Tracking number', value: order.trackingNumber });
  }
  facts(doc, rows);
  doc.moveDown(1);

  sideBySide(doc, [{ heading: 'Ship to', lines: [order.name, order.address, order.phone ? `Phone: ${order.phone}` : ''] }]);

  // The SKU first, as a picker reads the shelf labels; left out for an order from before SKUs.
  const withSku = hasSkus(order.lines);
  table(
    doc,
    [
      ...(withSku ? [SKU_COLUMN] : []),
      { header: 'Item', share: withSku ? 0.52 : 0.7 },
      { header: 'Quantity', share: 0.15, align: 'right' },
      { header: 'Packed', share: 0.15, align: 'right' },
    ],
    // An empty box to tick by hand at the packing table.
    order.lines.map((line) => [...(withSku ? [line.sku ?? ''] : []), line.productName, formatCount(line.quantity), '☐']),
  );
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  smallPrint(doc, `${order.lines.length} ${order.lines.length === 1 ? 'item' : 'items'}, ${formatCount(units)} ${units === 1 ? 'unit' : 'units'} in all.`);

  pageFooters(doc, `Packing slip ${number}`);
  return finishPdf(doc);
}
