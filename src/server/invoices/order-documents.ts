import { API_ERRORS, COMPANY, isUuid } from '../../shared';
import type { AppDatabase } from '../db/client';
import type { Identity } from '../identity/identity';
import { ConflictError, NotFoundError } from '../lib/domain-errors';
import { findOrder, type OrderWithLines } from '../orders/orders-repository';
import { readSettings } from '../settings/settings-repository';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf';
import { findInvoice } from './invoices-repository';
import { packingSlipFileName, renderPackingSlipPdf } from './packing-slip-pdf';

/** A document ready to send: its bytes and the name to save it under. */
export interface PdfFile {
  fileName: string;
  bytes: Buffer;
}

/**
 * The order as this viewer may see it, or NotFound: a malformed id, a missing order and another
 * customer's order are all "not found", so nobody learns which order ids exist.
 */
async function visibleOrder(db: AppDatabase, orderId: string, viewer: Pick<Identity, 'userId' | 'role'> | 'admin'): Promise<OrderWithLines> {
  const order = isUuid(orderId) ? await findOrder(db, orderId) : null;
  if (!order) throw new NotFoundError(API_ERRORS.orderNotFound);
  if (viewer !== 'admin' && viewer.role !== 'admin' && order.userId !== viewer.userId) throw new NotFoundError(API_ERRORS.orderNotFound);
  return order;
}

/**
 * An order's invoice, for its buyer or an admin. An order that is not paid has none yet: a
 * conflict with its state (409), told only to those who may see the order.
 */
export async function invoicePdfOf(db: AppDatabase, orderId: string, viewer: Pick<Identity, 'userId' | 'role'>): Promise<PdfFile> {
  const order = await visibleOrder(db, orderId, viewer);
  const invoice = order.paid ? await findInvoice(db, order.id) : null;
  if (!invoice) throw new ConflictError(API_ERRORS.invoiceOnlyPaid);
  const bytes = await renderInvoicePdf({ invoice, order, contact: { email: COMPANY.email, phone: COMPANY.phone } });
  return { fileName: invoiceFileName(invoice.number), bytes };
}

/** An order's packing slip, for admins (the route checks the role). Unpaid orders are not packed: 409. */
export async function packingSlipPdfOf(db: AppDatabase, orderId: string): Promise<PdfFile> {
  const order = await visibleOrder(db, orderId, 'admin');
  if (!order.paid) throw new ConflictError(API_ERRORS.packingSlipOnlyPaid);
  const settings = await readSettings(db);
  const bytes = await renderPackingSlipPdf({ order, storeName: settings.companyName });
  return { fileName: packingSlipFileName(order.number), bytes };
}
