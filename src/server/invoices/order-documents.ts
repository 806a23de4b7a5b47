import { COMPANY } from '../../shared';
import type { AppDatabase } from '../db/client';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { existingOrder, visibleOrder } from '../orders/order-access';
import { readSettings } from '../settings/settings-repository';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { findInvoice } from '../orders/invoices-repository';
import { packingSlipFileName, renderPackingSlipPdf } from './packing-slip-pdf';

/** A document ready to send: its bytes and the name to save it under. */
export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * An order's invoice, for its buyer or an admin. An order that is not paid has none yet: a
 * conflict with its state (409), told only to those who may see the order.
 */
export async function invoicePdfOf(db: AppDatabase, orderId: string, viewer: Pick<Identity, 'userId' | 'role'>): Promise<PdfFile> {
  // Another customer's order is not found, as a missing one (orders/order-access.ts).
  const order = await visibleOrder(db, orderId, viewer);
  const invoice = order.paid ? await findInvoice(db, order.id) : null;
  if (!invoice) throw new DomainError('INVOICE_ONLY_FOR_PAID_ORDERS');
  const bytes = await renderInvoicePdf({ invoice, order, contact: { email: COMPANY.email, phone: COMPANY.phone } });
  return { fileName: invoiceFileName(invoice.number), bytes };
}

/** An order's packing slip, for admins (the route checks the role). Unpaid orders are not packed: 409. */
export async function packingSlipPdfOf(db: AppDatabase, orderId: string): Promise<PdfFile> {
  const order = await existingOrder(db, orderId);
  if (!order.paid) throw new DomainError('PACKING_SLIP_ONLY_FOR_PAID_ORDERS');
  const settings = await readSettings(db);
  const bytes = await renderPackingSlipPdf({ order, storeName: settings.companyName });
  return { fileName: packingSlipFileName(order.number), bytes };
}
