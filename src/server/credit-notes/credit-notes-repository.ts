import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase, AppTransaction } from '../db/client';
import { creditNoteCounter, creditNotes, invoices } from '../db/schema';
import type { InvoiceBuyer, InvoiceSeller } from '../orders/invoices-repository';

export interface CreditNoteRow {
  orderId: string;
  number: number;
  issuedAt: Date;
  /** The invoice it corrects, in full. */
  invoiceNumber: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
}

/**
 * Issues the credit note of an order being refunded, in the refunding transaction (decision 049).
 * Its number comes from a counter row of its own, updated under its lock in this same transaction,
 * so numbers have no gaps and two refunds at once take turns: a refund that rolls back gives its
 * number back. The seller and buyer are the invoice's, as the invoice printed them. One statement;
 * the counter moves only when the order has an invoice (every paid order has one), so an order
 * without one takes no number: answers null, and the caller goes on without a credit note.
 */
export async function issueCreditNote(tx: AppTransaction, orderId: string): Promise<number | null> {
  const result = (await tx.execute(sql`
    with taken as (
      update ${creditNoteCounter} set "next" = ${creditNoteCounter.next} + 1
      where ${creditNoteCounter.id} = 1 and exists (select 1 from ${invoices} where ${invoices.orderId} = ${orderId}::uuid)
      returning ${creditNoteCounter.next} - 1 as number
    )
    insert into ${creditNotes} ("order_id", "number", "invoice_number", "seller", "buyer")
    select invoice.order_id, taken.number, invoice.number, invoice.seller, invoice.buyer
    from taken cross join ${invoices} as invoice
    where invoice.order_id = ${orderId}::uuid
    returning "number"`)) as unknown as { rows: Array<{ number: number }> };
  const issued = result.rows[0];
  return issued ? Number(issued.number) : null;
}

export async function findCreditNote(db: AppDatabase, orderId: string): Promise<CreditNoteRow | null> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));
  return row ? { ...row, seller: row.seller as InvoiceSeller, buyer: row.buyer as InvoiceBuyer } : null;
}

/** The credit note numbers of these orders (refunded ones have one). */
export async function creditNoteNumbersOf(db: AppDatabase, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: creditNotes.orderId, number: creditNotes.number }).from(creditNotes).where(inArray(creditNotes.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row.number]));
}

/**
 * Credit notes of orders kept after their buyer deleted their account keep what a credit note must
 * show and drop the buyer's email and phone, as their invoices do (dropBuyerContactsFromInvoices).
 */
export async function dropBuyerContactsFromCreditNotes(tx: AppTransaction, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(creditNotes)
    .set({ buyer: sql`${creditNotes.buyer} || jsonb_build_object('email', '', 'phone', '')` })
    .where(inArray(creditNotes.orderId, orderIds));
}
