import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { invoices, storeSettings, users, type OrderRow } from '../db/schema';

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
 * Issues the invoice of an order being paid, in the paying transaction. Its number is taken from a
 * counter row as this transaction commits (the deferred trigger of migration 0021), so numbers have
 * no gaps, a payment that rolls back gives its number back with it (a sequence would skip it), and
 * the counter's lock, which every payment needs, is held for the commit alone (decision 044). The
 * seller and buyer are copied as they are now: a later change to the settings or the profile does
 * not rewrite a document already issued. One statement (the owner's settings, the buyer's company
 * and the insert), since the paying transaction holds the order's lock meanwhile (and the counter's at its commit).
 */
export async function issueInvoice(tx: AppTransaction, order: Pick<OrderRow, 'id' | 'userId' | 'name' | 'email' | 'address' | 'phone'>): Promise<void> {
  const result = (await tx.execute(sql`
    insert into ${invoices} ("order_id", "seller", "buyer")
    select ${order.id}::uuid,
      jsonb_build_object('name', ${storeSettings.companyName}, 'address', ${storeSettings.companyAddress}, 'taxId', ${storeSettings.taxId}),
      jsonb_build_object(
        'name', ${order.name}::text, 'email', ${order.email}::text, 'address', ${order.address}::text, 'phone', ${order.phone}::text,
        'companyName', buyer.company_name, 'taxId', buyer.tax_id
      )
    from ${storeSettings}
      left join ${users} as buyer on buyer.id = ${order.userId}
    where ${storeSettings.id} = 1
    returning "order_id"`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw new Error('store_settings has no row: were the migrations applied?');
}

export async function findInvoice(db: AppDatabase, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  // Numbered as its paying transaction commits: a row without a number is not an invoice yet.
  return row && row.number !== null ? { ...row, number: row.number, seller: row.seller as InvoiceSeller, buyer: row.buyer as InvoiceBuyer } : null;
}

/**
 * The invoices of orders kept after their buyer deleted their account (decision 046) keep what an
 * invoice must show (the buyer's name and address, and their company and tax id when given) and
 * drop the buyer's email and phone, which the law does not ask an invoice to carry. The number,
 * date, seller, lines and totals are not touched; the PDF leaves out the empty lines.
 */
export async function dropBuyerContactsFromInvoices(tx: AppTransaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(invoices)
    .set({ buyer: sql`${invoices.buyer} || jsonb_build_object('email', '', 'phone', '')` })
    .where(inArray(invoices.orderId, orderIds));
}
