import { COMPANY } from '../../shared';
import type { AppDatabase } from '../db/client';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { existingOrder, visibleOrder } from '../orders/order-access';
import type { OrderWithLines } from '../orders/orders-repository';
import { readSettings } from '../settings/settings-repository';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { findInvoice, type InvoiceRow } from '../orders/invoices-repository';
import { packingSlipFileName, renderPackingSlipPdf } from './packing-slip-pdf';
import { creditNoteFileName, renderCreditNotePdf } from '../credit-notes/credit-note-pdf';
import { findCreditNote, type CreditNoteRow } from '../credit-notes/credit-notes-repository';
import { eInvoiceFileName, embedEInvoice, renderEInvoice, type EInvoiceData, type EInvoiceKind } from '../e-invoices/e-invoice';

/** A document ready to send: its bytes and the name to save it under. */
export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

/** An e-invoice ready to send: its XML text and the name to save it under. */
export interface XmlFile {
  fileName: string;
  text: string;
}

type Viewer = Pick<Identity, 'userId' | 'role'>;

const CONTACT = { email: COMPANY.email, phone: COMPANY.phone };

/**
 * An order and its invoice, for its buyer or an admin. An order that is not paid has none yet: a
 * conflict with its state (409), told only to those who may see the order.
 */
export async function invoiceOf(db: AppDatabase, orderId: string, viewer: Viewer): Promise<{ order: OrderWithLines; invoice: InvoiceRow }> {
  // Another customer's order is not found, as a missing one (orders/order-access.ts).
  const order = await visibleOrder(db, orderId, viewer);
  const invoice = order.paid ? await findInvoice(db, order.id) : null;
  if (!invoice) throw new DomainError('INVOICE_ONLY_FOR_PAID_ORDERS');
  return { order, invoice };
}

/**
 * An order, its credit note and the invoice it corrects (decision 049), for the same people as the
 * invoice. An order that was not refunded has none: 409, told only to those who may see the order.
 */
export async function creditNoteOf(db: AppDatabase, orderId: string, viewer: Viewer): Promise<{ order: OrderWithLines; invoice: InvoiceRow; creditNote: CreditNoteRow }> {
  const order = await visibleOrder(db, orderId, viewer);
  const [creditNote, invoice] = order.status === 'refunded' ? await Promise.all([findCreditNote(db, order.id), findInvoice(db, order.id)]) : [null, null];
  if (!creditNote || !invoice) throw new DomainError('CREDIT_NOTE_ONLY_FOR_REFUNDED_ORDERS');
  return { order, invoice, creditNote };
}

/** What an invoice's or credit note's e-invoice is made from: the rows the PDF is drawn from, and the seller's country. */
type IssuedDocument = { order: OrderWithLines; invoice: InvoiceRow; creditNote?: CreditNoteRow };

async function eInvoiceData(db: AppDatabase, kind: EInvoiceKind, found: IssuedDocument): Promise<EInvoiceData> {
  const issued: InvoiceRow | CreditNoteRow = found.creditNote ?? found.invoice;
  return {
    kind,
    number: issued.number,
    issuedAt: issued.issuedAt,
    invoice: found.invoice,
    seller: issued.seller,
    buyer: issued.buyer,
    sellerCountry: (await readSettings(db)).country,
    sellerEmail: COMPANY.email,
    order: found.order,
  };
}

/**
 * The invoice as a PDF a person reads and accounting software reads too: the drawn invoice with
 * its EN 16931 e-invoice embedded (Factur-X / ZUGFeRD, decision 049).
 */
export async function invoicePdfOf(db: AppDatabase, orderId: string, viewer: Viewer): Promise<PdfFile> {
  const found = await invoiceOf(db, orderId, viewer);
  const fileName = invoiceFileName(found.invoice.number);
  const drawn = await renderInvoicePdf({ invoice: found.invoice, order: found.order, contact: CONTACT });
  return { fileName, bytes: await embedEInvoice(await eInvoiceData(db, 'invoice', found), drawn, fileName) };
}

/** The credit note as a PDF, with its e-invoice embedded likewise. */
export async function creditNotePdfOf(db: AppDatabase, orderId: string, viewer: Viewer): Promise<PdfFile> {
  const found = await creditNoteOf(db, orderId, viewer);
  const fileName = creditNoteFileName(found.creditNote.number);
  const drawn = await renderCreditNotePdf({ creditNote: found.creditNote, invoiceIssuedAt: found.invoice.issuedAt, order: found.order, contact: CONTACT });
  return { fileName, bytes: await embedEInvoice(await eInvoiceData(db, 'credit-note', found), drawn, fileName) };
}

/**
 * The e-invoice (EN 16931, UBL 2.1) of an order's invoice or credit note (decision 049), for the
 * same people and on the same conditions as its PDF, from the same rows.
 */
export async function eInvoiceOf(db: AppDatabase, orderId: string, viewer: Viewer, kind: EInvoiceKind): Promise<XmlFile> {
  const found: IssuedDocument = kind === 'invoice' ? await invoiceOf(db, orderId, viewer) : await creditNoteOf(db, orderId, viewer);
  const data = await eInvoiceData(db, kind, found);
  return { fileName: eInvoiceFileName(kind, data.number), text: await renderEInvoice(data) };
}

/** An order's packing slip, for admins (the route checks the role). Unpaid orders are not packed: 409. */
export async function packingSlipPdfOf(db: AppDatabase, orderId: string): Promise<PdfFile> {
  const order = await existingOrder(db, orderId);
  if (!order.paid) throw new DomainError('PACKING_SLIP_ONLY_FOR_PAID_ORDERS');
  const settings = await readSettings(db);
  const bytes = await renderPackingSlipPdf({ order, storeName: settings.companyName });
  return { fileName: packingSlipFileName(order.number), bytes };
}
