import { formatCreditNoteNumber, formatInvoiceNumber, formatOrderNumber } from '../../shared';
import type { OrderWithLines } from '../orders/orders-repository';
import type { InvoiceRow } from '../orders/invoices-repository';
import { finishPdf, newPdfDocument } from '../lib/pdf-document';
import { documentHeader, facts, formatDocumentDate, notice, pageFooters, smallPrint, type Fact } from './pdf-layout';
import { drawAmounts, drawParties, money } from './tax-document-body';

/** What an invoice is drawn from: the invoice row (number, date, seller and buyer as at payment) and its order. */
export interface InvoiceData {
  invoice: Pick<InvoiceRow, 'number' | 'issuedAt' | 'seller' | 'buyer'>;
  order: Pick<OrderWithLines, 'number' | 'createdAt' | 'paidAt' | 'transactionId' | 'status' | 'refundedAt' | 'totalCents' | 'lines'> &
    Partial<Pick<OrderWithLines, 'subtotalCents' | 'pricesIncludeTax' | 'shippedAt' | 'reverseCharge' | 'buyerVatId' | 'creditNoteNumber'>>;
  /** How buyers reach the store (constants' COMPANY), printed under the seller. */
  contact: { email: string; phone: string };
}

/**
 * The date of supply (art. 226(7)): the day the goods left, once shipped; until then (or when the
 * order was refunded before shipping) the day it was paid, when the sale was made (decision 049).
 */
export const supplyDate = (order: Pick<OrderWithLines, 'shippedAt' | 'paidAt'>, issuedAt: Date): Date => order.shippedAt ?? order.paidAt ?? issuedAt;

/** "Refunded on Nov 26, 2026 — this invoice is cancelled by credit note CN-000001." */
export function refundNotice(refundedAt: Date | null, creditNoteNumber: number | null = null): string {
  const by = creditNoteNumber === null ? 'the refund' : `credit note ${formatCreditNoteNumber(creditNoteNumber)}`;
  return `Refunded${refundedAt ? ` on ${formatDocumentDate(refundedAt)}` : ''} — this invoice is cancelled by ${by}.`;
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
  if (order.status === 'refunded') notice(doc, refundNotice(order.refundedAt, order.creditNoteNumber ?? null));

  const rows: Fact[] = [
    { label: 'Invoice number', value: number },
    { label: 'Invoice date', value: formatDocumentDate(invoice.issuedAt) },
    { label: 'Date of supply', value: formatDocumentDate(supplyDate({ shippedAt: order.shippedAt ?? null, paidAt: order.paidAt }, invoice.issuedAt)) },
    { label: 'Order number', value: formatOrderNumber(order.number) },
    { label: 'Order date', value: formatDocumentDate(order.createdAt) },
  ];
  if (order.paidAt) rows.push({ label: 'Paid on', value: formatDocumentDate(order.paidAt) });
  if (order.transactionId) rows.push({ label: 'Payment', value: `Card, transaction ${order.transactionId}` });
  facts(doc, rows);
  doc.moveDown(1);

  drawParties(doc, seller, buyer, order, contact);
  // Net, rate, tax and gross per line and per rate, as the order was placed (decisions 048, 049).
  drawAmounts(doc, order, 1);
  if (order.status === 'refunded') notice(doc, `Refunded in full: ${money(order.totalCents)}`);
  smallPrint(doc, `Paid in full by card${order.paidAt ? ` on ${formatDocumentDate(order.paidAt)}` : ''}. Thank you for your order.`);

  pageFooters(doc, `${number} · ${formatOrderNumber(order.number)}`);
  return finishPdf(doc);
}
