import { formatCreditNoteNumber, formatInvoiceNumber, formatOrderNumber } from '../../shared';
import type { OrderWithLines } from '../orders/orders-repository';
import { finishPdf, newPdfDocument } from '../lib/pdf-document';
import { documentHeader, facts, formatDocumentDate, pageFooters, smallPrint, type Fact } from '../invoices/pdf-layout';
import { supplyDate } from '../invoices/invoice-pdf';
import { drawAmounts, drawParties, money } from '../invoices/tax-document-body';
import type { CreditNoteRow } from './credit-notes-repository';

/** What a credit note is drawn from: its row (number, date, the invoice it corrects, seller and buyer as invoiced) and its order. */
export interface CreditNoteData {
  creditNote: Pick<CreditNoteRow, 'number' | 'issuedAt' | 'invoiceNumber' | 'seller' | 'buyer'>;
  /** The date of the invoice it corrects. */
  invoiceIssuedAt: Date;
  order: Pick<OrderWithLines, 'number' | 'createdAt' | 'paidAt' | 'shippedAt' | 'transactionId' | 'totalCents' | 'lines'> &
    Partial<Pick<OrderWithLines, 'pricesIncludeTax' | 'reverseCharge' | 'buyerVatId'>>;
  contact: { email: string; phone: string };
}

export const creditNoteFileName = (number: number) => `${formatCreditNoteNumber(number)}.pdf`;

/**
 * The credit note of a refunded order as a PDF (decision 049): the invoice it corrects, and every
 * line, rate and total of that invoice negated, so that the two add up to zero. Pure, as the invoice is.
 */
export function renderCreditNotePdf({ creditNote, invoiceIssuedAt, order, contact }: CreditNoteData): Promise<Buffer> {
  const number = formatCreditNoteNumber(creditNote.number);
  const invoiceNumber = formatInvoiceNumber(creditNote.invoiceNumber);
  const { seller, buyer } = creditNote;
  const doc = newPdfDocument({ title: `Credit note ${number}`, author: seller.name, createdAt: creditNote.issuedAt });

  documentHeader(doc, seller.name, 'Credit note');
  const rows: Fact[] = [
    { label: 'Credit note number', value: number },
    { label: 'Credit note date', value: formatDocumentDate(creditNote.issuedAt) },
    { label: 'Corrects invoice', value: `${invoiceNumber} of ${formatDocumentDate(invoiceIssuedAt)}` },
    { label: 'Date of supply', value: formatDocumentDate(supplyDate(order, invoiceIssuedAt)) },
    { label: 'Order number', value: formatOrderNumber(order.number) },
    { label: 'Order date', value: formatDocumentDate(order.createdAt) },
  ];
  if (order.transactionId) rows.push({ label: 'Payment', value: `Card, transaction ${order.transactionId}` });
  facts(doc, rows, { labelWidth: 130 });
  doc.moveDown(1);

  drawParties(doc, seller, buyer, order, contact);
  drawAmounts(doc, order, -1);
  smallPrint(
    doc,
    `This credit note cancels invoice ${invoiceNumber} in full. The order was cancelled and ${money(order.totalCents)} refunded to the card it was paid with${order.transactionId ? ` (transaction ${order.transactionId})` : ''}.`,
  );

  pageFooters(doc, `${number} · ${invoiceNumber} · ${formatOrderNumber(order.number)}`);
  return finishPdf(doc);
}
