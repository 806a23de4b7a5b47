import { centsToDollars, formatInvoiceNumber, formatOrderNumber, formatUsd, milliToPercent, summariseTax } from '../../shared';
import type { OrderWithLines } from '../orders/orders-repository';
import type { InvoiceRow } from '../orders/invoices-repository';
import { finishPdf, newPdfDocument } from '../lib/pdf-document';
import { documentHeader, facts, formatCount, formatDocumentDate, hasSkus, notice, pageFooters, sideBySide, SKU_COLUMN, smallPrint, table, totals, type Fact } from './pdf-layout';

/** What an invoice is drawn from: the invoice row (number, date, seller and buyer as at payment) and its order. */
export interface InvoiceData {
  invoice: Pick<InvoiceRow, 'number' | 'issuedAt' | 'seller' | 'buyer'>;
  order: Pick<OrderWithLines, 'number' | 'createdAt' | 'paidAt' | 'transactionId' | 'status' | 'refundedAt' | 'totalCents' | 'lines'> &
    Partial<Pick<OrderWithLines, 'subtotalCents' | 'pricesIncludeTax'>>;
  /** How buyers reach the store (constants' COMPANY), printed under the seller. */
  contact: { email: string; phone: string };
}

const money = (cents: number) => formatUsd(centsToDollars(cents));

/** "Refunded on Nov 26, 2026 — this invoice is cancelled by the refund." */
export function refundNotice(refundedAt: Date | null): string {
  return `Refunded${refundedAt ? ` on ${formatDocumentDate(refundedAt)}` : ''} — this invoice is cancelled by the refund.`;
}

export const invoiceFileName = (number: number) => `${formatInvoiceNumber(number)}.pdf`;

/**
 * The invoice of a paid order as a PDF. Pure: the same data gives the same document (its date is
 * the invoice's own). Everything a person typed goes through drawableText (pdf-document.ts).
 */
export function renderInvoicePdf({ invoice, order, contact }: InvoiceData): Promise<Buffer> {
  const number = formatInvoiceNumber(invoice.number);
  const { seller, buyer } = invoice;
  const doc = newPdfDocument({ title: `Invoice ${number}`, author: seller.name, createdAt: invoice.issuedAt });

  documentHeader(doc, seller.name, 'Invoice');
  if (order.status === 'refunded') notice(doc, refundNotice(order.refundedAt));

  const rows: Fact[] = [
    { label: 'Invoice number', value: number },
    { label: 'Invoice date', value: formatDocumentDate(invoice.issuedAt) },
    { label: 'Order number', value: formatOrderNumber(order.number) },
    { label: 'Order date', value: formatDocumentDate(order.createdAt) },
  ];
  if (order.paidAt) rows.push({ label: 'Paid on', value: formatDocumentDate(order.paidAt) });
  if (order.transactionId) rows.push({ label: 'Payment', value: `Card, transaction ${order.transactionId}` });
  facts(doc, rows);
  doc.moveDown(1);

  sideBySide(doc, [
    {
      heading: 'From',
      lines: [seller.name, seller.address, seller.taxId ? `Tax ID: ${seller.taxId}` : '', `Email: ${contact.email}`, `Phone: ${contact.phone}`],
    },
    {
      heading: 'Bill to',
      lines: [
        buyer.companyName ?? '',
        buyer.taxId ? `Tax ID: ${buyer.taxId}` : '',
        buyer.name,
        buyer.address,
        // Empty once the buyer deleted their account (decision 046): the line is left out.
        buyer.email ? `Email: ${buyer.email}` : '',
        buyer.phone ? `Phone: ${buyer.phone}` : '',
      ],
    },
  ]);

  // The SKU column only when a line has one: an invoice of an order from before SKUs is drawn as it was issued.
  const withSku = hasSkus(order.lines);
  table(
    doc,
    [
      { header: 'Description', share: withSku ? 0.36 : 0.52 },
      ...(withSku ? [SKU_COLUMN] : []),
      { header: 'Quantity', share: withSku ? 0.12 : 0.14, align: 'right' },
      { header: 'Unit price', share: 0.16, align: 'right' },
      { header: 'Amount', share: 0.18, align: 'right' },
    ],
    order.lines.map((line) => [
      line.productName,
      ...(withSku ? [line.sku ?? ''] : []),
      formatCount(line.quantity),
      money(line.priceCents),
      money(line.priceCents * line.quantity),
    ]),
  );
  // The tax as the order was placed with it (decision 048): each line keeps its rate.
  const taxRows = summariseTax(order.lines.map((line) => ({ taxName: line.taxName, percentMilli: line.taxPercentMilli, taxCents: line.taxCents }))).map((row) => ({
    label: `${order.pricesIncludeTax ? 'Includes ' : ''}${row.name} (${milliToPercent(row.percentMilli)}%)`,
    value: money(row.taxCents),
  }));
  totals(doc, [
    { label: 'Subtotal', value: money(order.subtotalCents ?? order.totalCents) },
    ...taxRows,
    { label: 'Delivery', value: 'Free' },
    { label: 'Total (USD)', value: money(order.totalCents) },
  ]);
  if (order.status === 'refunded') notice(doc, `Refunded in full: ${money(order.totalCents)}`);
  smallPrint(doc, `Paid in full by card${order.paidAt ? ` on ${formatDocumentDate(order.paidAt)}` : ''}. Thank you for your order.`);

  pageFooters(doc, `${number} · ${formatOrderNumber(order.number)}`);
  return finishPdf(doc);
}
