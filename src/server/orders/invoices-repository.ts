import { eq, sql } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { invoiceCounter, invoices, users } from '../db/schema';
import type { StoreSettings } from '../../shared';
import { readSettings } from '../settings/settings-repository';
import type { OrderRow } from './orders-repository';

/** Who sells, as printed on an invoice (the owner's settings when the order was paid). */
export interface InvoiceSeller {
  name: string;
  address: string;
  taxId: string | null;
}

/** Who buys, as printed: the order's delivery details and the buyer's company, when they gave one. */
export interface InvoiceBuyer {
  name: string;
  email: string;
  address: string;
  phone: string;
  companyName: string | null;
  taxId: string | null;
}

export interface InvoiceRow {
  orderId: string;
  number: number;
  issuedAt: Date;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
}

/**
 * Issues the invoice of an order being paid, in the paying transaction. Its number comes from a
 * counter row updated under its lock in this same transaction, so numbers have no gaps: a payment
 * that rolls back gives its number back with it (a sequence would skip it). The seller and buyer
 * are copied as they are now: a later change to the settings or the profile does not rewrite a
 * document already issued.
 */
export async function issueInvoice(
  tx: AppTransaction,
  order: Pick<OrderRow, 'id' | 'userId' | 'name' | 'email' | 'address' | 'phone'>,
  settings?: StoreSettings,
): Promise<number> {
  const [taken] = await tx
    .update(invoiceCounter)
    .set({ next: sql`${invoiceCounter.next} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ number: sql<number>`${invoiceCounter.next} - 1` });
  if (!taken) throw new Error('invoice_counter has no row: were the migrations applied?');
  settings ??= await readSettings(tx);
  const [buyer] = await tx.select({ companyName: users.companyName, taxId: users.taxId }).from(users).where(eq(users.id, order.userId));
  await tx.insert(invoices).values({
    orderId: order.id,
    number: taken.number,
    seller: { name: settings.companyName, address: settings.companyAddress, taxId: settings.taxId } satisfies InvoiceSeller,
    buyer: {
      name: order.name,
      email: order.email,
      address: order.address,
      phone: order.phone,
      companyName: buyer?.companyName ?? null,
      taxId: buyer?.taxId ?? null,
    } satisfies InvoiceBuyer,
  });
  return taken.number;
}

export async function findInvoice(db: AppDatabase, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ? { ...row, seller: row.seller as InvoiceSeller, buyer: row.buyer as InvoiceBuyer } : null;
}
