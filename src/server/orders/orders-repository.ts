import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Order, PageQuery } from '../../shared';
import { centsToDollars, formatCreditNoteNumber, formatInvoiceNumber, formatOrderNumber, milliToPercent, summariseTax } from '../../shared';
import type { Identity } from '../identity/identity';
import { DomainError, type OrderState } from '../lib/domain-errors';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { invoices, orderLines, orders, paymentRefunds, tools, type OrderRow } from '../db/schema';
import { detachPaidOrdersFromAccount, expireStaleOrders, removeUnpaidOrder } from './order-state';
import { dropBuyerContactsFromInvoices } from './invoices-repository';
import { forgetBuyerOnTimelines } from './order-events';
import { creditNoteNumbersOf, dropBuyerContactsFromCreditNotes } from '../credit-notes/credit-notes-repository';

export type { OrderRow };
export type OrderLineRow = typeof orderLines.$inferSelect;
/** An order with its lines, in their order, its invoice's number once paid and its credit note's once refunded: what every reader of an order gets. */
export type OrderWithLines = OrderRow & { lines: OrderLineRow[]; invoiceNumber: number | null; creditNoteNumber?: number | null };

const lineTotalCents = (line: Pick<OrderLineRow, 'priceCents' | 'quantity'>) => line.priceCents * line.quantity;

/** "Bench Vise", "Bench Vise and Torque Wrench", "Bench Vise and 2 more tools". */
function summaryName(lines: OrderLineRow[]): string {
  const [first, second] = lines;
  if (!first) return '';
  if (lines.length === 1) return first.productName;
  if (lines.length === 2) return `${first.productName} and ${second!.productName}`;
  return `${first.productName} and ${lines.length - 1} more tools`;
}

const isoOrNull = (time: Date | null) => (time ? time.toISOString() : null);

/** Where the review of a reverse-charge order's VAT number stands (null: none asked, nor confirmed). */
function vatReviewOf(order: Pick<OrderRow, 'reverseCharge' | 'vatReviewRequired' | 'buyerVatConfirmedAt'>): Order['vatReview'] {
  if (order.reverseCharge && order.buyerVatConfirmedAt) return 'confirmed';
  return order.vatReviewRequired ? 'to-review' : null;
}

export function toApiOrder(order: OrderWithLines, payMinutes: number): Order {
  const single = order.lines.length === 1 ? order.lines[0]! : null;
  return {
    _id: order.id,
    number: formatOrderNumber(order.number),
    toolId: single?.toolId ?? null,
    name: order.name,
    email: order.email,
    address: order.address,
    phone: order.phone,
    productName: summaryName(order.lines),
    productImage: order.lines[0]?.productImage ?? '',
    price: single ? centsToDollars(single.priceCents) : null,
    description: single ? single.description : order.lines.map((line) => `${line.quantity} × ${line.productName}`).join(', '),
    quantity: order.lines.reduce((units, line) => units + line.quantity, 0),
    subtotal: centsToDollars(order.subtotalCents),
    tax: centsToDollars(order.taxCents),
    taxLines: summariseTax(order.lines.map((line) => ({ taxName: line.taxName, percentMilli: line.taxPercentMilli, taxCents: line.taxCents }))).map((row) => ({ name: row.name, percent: milliToPercent(row.percentMilli), amount: centsToDollars(row.taxCents) })),
    pricesIncludeTax: order.pricesIncludeTax,
    total: centsToDollars(order.totalCents),
    country: order.country,
    region: order.region,
    reverseCharge: order.reverseCharge,
    buyerVatId: order.buyerVatId,
    vatReview: vatReviewOf(order),
    lines: order.lines.map((line) => ({
      toolId: line.toolId,
      productName: line.productName,
      sku: line.sku,
      productImage: line.productImage,
      description: line.description,
      price: centsToDollars(line.priceCents),
      quantity: line.quantity,
      total: centsToDollars(lineTotalCents(line)),
      taxPercent: milliToPercent(line.taxPercentMilli),
      tax: centsToDollars(line.taxCents),
    })),
    paid: order.paid,
    transactionId: order.transactionId,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    payBy: payByTime(order, payMinutes).toISOString(),
    paidAt: isoOrNull(order.paidAt),
    shippedAt: isoOrNull(order.shippedAt),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    refundedAt: isoOrNull(order.refundedAt),
    invoiceNumber: order.invoiceNumber === null ? null : formatInvoiceNumber(order.invoiceNumber),
    creditNoteNumber: order.creditNoteNumber == null ? null : formatCreditNoteNumber(order.creditNoteNumber),
    termsVersion: order.termsVersion,
  };
}

/** Until when an unpaid order may be paid. */
export const payByTime = (order: Pick<OrderRow, 'createdAt'>, payMinutes: number) => new Date(order.createdAt.getTime() + payMinutes * 60_000);

export const orderAmountCents = (order: Pick<OrderRow, 'totalCents'>) => order.totalCents;

/**
 * Unpaid, not marked expired, and past its time to pay: the sweep has not got to it yet. A payment
 * asked for now expires it first (`expireIfStale`) rather than take an old price.
 */
export const isPastPayBy = (order: Pick<OrderRow, 'paid' | 'status' | 'createdAt'>, payMinutes: number, now = new Date()) =>
  !order.paid && order.status === null && payByTime(order, payMinutes) <= now;

/** True while an order is unpaid and may still be paid (not expired). */
export const isPayable = (order: Pick<OrderRow, 'paid' | 'status'>) => !order.paid && order.status === null;

/** Where an order stands, in the words an error about it gives the caller (`gone`: no such order). */
export const orderState = (order: Pick<OrderRow, 'paid' | 'status'> | null | undefined): OrderState =>
  order ? (order.status ?? (order.paid ? 'pending' : 'unpaid')) : 'gone';

/** The lines of these orders, each order's in their own order. */
async function linesOf(db: AppDatabase, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.get(row.orderId)?.push(row);
  return byOrder;
}

/** The invoice numbers of these orders (paid ones have one). */
async function invoiceNumbersOf(db: AppDatabase, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ orderId: invoices.orderId, number: invoices.number }).from(invoices).where(inArray(invoices.orderId, orderIds));
  // A number is set as the paying transaction commits (invoices-repository.ts): until then there is none to show.
  return new Map(rows.flatMap((row) => (row.number === null ? [] : [[row.orderId, row.number] as const])));
}

export async function withLines(db: AppDatabase, rows: OrderRow[]): Promise<OrderWithLines[]> {
  const [lines, numbers] = await Promise.all([linesOf(db, rows.map((row) => row.id)), documentNumbersOf(db, rows)]);
  return rows.map((row) => numbered(row, lines.get(row.id) ?? [], numbers));
}

/** Order id → its invoice's number, and → its credit note's. */
interface DocumentNumbers {
  invoices: Map<string, number>;
  creditNotes: Map<string, number>;
}

/** The invoice numbers of the paid orders among `rows` and the credit-note numbers of the refunded ones. */
async function documentNumbersOf(db: AppDatabase, rows: OrderRow[]): Promise<DocumentNumbers> {
  // Only a paid order has an invoice: an unpaid one (being paid, under its lock) needs no look.
  const paidIds = rows.filter((row) => row.paid).map((row) => row.id);
  // Only a refunded order has a credit note (decision 049).
  const refundedIds = rows.filter((row) => row.status === 'refunded').map((row) => row.id);
  const [invoices, creditNotes] = await Promise.all([invoiceNumbersOf(db, paidIds), creditNoteNumbersOf(db, refundedIds)]);
  return { invoices, creditNotes };
}

function numbered(row: OrderRow, lines: OrderLineRow[], numbers: DocumentNumbers): OrderWithLines {
  return { ...row, lines, invoiceNumber: numbers.invoices.get(row.id) ?? null, creditNoteNumber: numbers.creditNotes.get(row.id) ?? null };
}

/** An order, and the stock of its lines' tools as last committed (a tool missing from it is gone). */
export interface OrderWithStock {
  order: OrderWithLines;
  stock: Map<string, number>;
}

/**
 * One order with its lines and its lines' tools' stock, read by one statement (a join) where
 * reading them apart took three: an order is read this way twice in every sale, once under its lock
 * (issue 26, decision 044). `lock` locks the order's row only, until the transaction ends; the
 * tools' stock is read unlocked (a payment takes it later, checking it again). An order's lines
 * never change once written but for the tool id a tool's deletion sets to null; a line read with its
 * old tool id while that happens finds the tool gone under the tools' locks (order-stock.ts), as it
 * did when the lines were read by a statement of their own.
 */
async function readOrderWithStock(db: AppDatabase, id: string, lock: boolean): Promise<OrderWithStock | null> {
  const query = db
    .select({ order: orders, line: orderLines, toolId: tools.id, available: tools.availableQty })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(tools, eq(tools.id, orderLines.toolId))
    .where(eq(orders.id, id))
    .orderBy(asc(orderLines.position));
  const rows = lock ? await query.for('update', { of: orders }) : await query;
  const order = await assembled(db, rows);
  if (!order) return null;
  return { order, stock: new Map(rows.flatMap((row) => (row.toolId !== null && row.available !== null ? [[row.toolId, row.available] as const] : []))) };
}

/** The order of joined rows (one a line, the order's columns on each), its lines in their order. */
async function assembled(db: AppDatabase, rows: Array<{ order: OrderRow; line: OrderLineRow | null }>): Promise<OrderWithLines | null> {
  const order = rows[0]?.order;
  if (!order) return null;
  return numbered(order, rows.flatMap((row) => (row.line ? [row.line] : [])), await documentNumbersOf(db, [order]));
}

export async function findOrder(db: AppDatabase, id: string): Promise<OrderWithLines | null> {
  return (await readOrderWithStock(db, id, false))?.order ?? null;
}

/** The order and its tools' stock as it is now, unlocked: asking for a payment checks both (order-payment.ts). */
export async function findOrderWithStock(db: AppDatabase, id: string): Promise<OrderWithStock | null> {
  return readOrderWithStock(db, id, false);
}

/**
 * Reads an order with its lines and locks the order's row until the transaction ends. Deleting an
 * order and settling a payment for it both start here, so they take turns: a delete that comes
 * second sees the order paid, a payment that comes second sees the order gone (and refunds itself).
 */
export async function lockOrder(tx: AppTransaction, id: string): Promise<OrderWithLines | null> {
  return (await readOrderWithStock(tx, id, true))?.order ?? null;
}

/** The same, with its tools' stock as last committed (unlocked), read by the same statement. */
export async function lockOrderWithStock(tx: AppTransaction, id: string): Promise<OrderWithStock | null> {
  return readOrderWithStock(tx, id, true);
}

export async function listOrdersOfUser(db: AppDatabase, userId: string, page: PageQuery) {
  const where = eq(orders.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { rows: await withLines(db, rows), total: totals?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Unpaid orders that were not paid in time expire. They hold no stock (a payment takes it), so
// expiring one changes nothing else; it stops an old price from being paid long after.
// ---------------------------------------------------------------------------------------------

/** Advisory-lock key of the periodic sweep; other keys in use: db/migrate.ts. */
export const EXPIRY_SWEEP_LOCK_KEY = 7_145_002_009;

/**
 * Expires unpaid orders older than the time to pay, in at most one app process at a time: a
 * transaction-scoped advisory lock taken without waiting, so when another process is sweeping this
 * one skips (answers null) rather than queue behind it to find nothing left; the lock goes with the
 * transaction, so a process that dies mid-sweep cannot keep it.
 */
export async function sweepStaleOrders(db: AppDatabase, payMinutes: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock(${EXPIRY_SWEEP_LOCK_KEY}) as locked`)) as unknown as {
      rows: Array<{ locked: boolean }>;
    };
    if (!result.rows[0]?.locked) return null;
    return expireStaleOrders(tx, payMinutes);
  });
}

/** Expires this one order if its time to pay has run out (a payment asked for just then): one statement. */
export async function expireIfStale(db: AppDatabase, orderId: string, payMinutes: number): Promise<void> {
  await expireStaleOrders(db, payMinutes, orderId);
}

/** What the audit log keeps of an order an admin deleted. */
function auditSnapshot(order: OrderWithLines) {
  return {
    number: formatOrderNumber(order.number),
    email: order.email,
    name: order.name,
    lines: order.lines.map((line) => ({ productName: line.productName, quantity: line.quantity, price: centsToDollars(line.priceCents) })),
    total: centsToDollars(order.totalCents),
    paid: order.paid,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
  };
}

/** What became of a request to delete an unpaid order. */
export type DeleteOutcome = 'deleted' | 'gone' | 'paid';

/**
 * Deletes an unpaid order (its lines go with it), in one transaction that first locks the order row
 * (see `lockOrder`). A paid order is never deleted. An unpaid order holds no stock, so none moves.
 * An admin's deletion is an admin change: written to the audit log in the same transaction. A
 * customer deleting their own unpaid order is not.
 */
export async function deleteUnpaidOrder(db: AppDatabase, id: string, by: Identity): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) return 'gone';
    if (order.paid) return 'paid';
    await removeUnpaidOrder(tx, id);
    if (by.role === 'admin') {
      await recordAudit(tx, by, { action: 'order.deleted', targetId: order.id, before: auditSnapshot(order), after: null });
    }
    return 'deleted';
  });
}

// ---------------------------------------------------------------------------------------------
// A customer deletes their account (decision 046).
// ---------------------------------------------------------------------------------------------

/** What became of an account's orders when it was deleted. */
export interface OrdersOfDeletedAccount {
  /** Unpaid (or expired) orders deleted with their lines and timelines. */
  removed: number;
  /** Paid orders kept for their invoices, detached from the account. */
  kept: number;
}

/**
 * The orders of an account being deleted, in the deleting transaction (which holds the account's
 * row): every one locked first, in id order, as deleting an order and settling its payment each
 * lock it (`lockOrder`). So a payment confirmed at the same moment either came first (the order is
 * paid, and counts as open below) or comes second and finds its order gone, and refunds itself as
 * for any deleted order (decision 009). Refused (ACCOUNT_HAS_OPEN_ORDERS) while a paid order waits
 * to ship or a refund of one is under way: the store still owes that customer goods or money, and
 * needs their email to tell them. Otherwise unpaid orders go (their lines and timelines with them;
 * they hold no stock) and paid ones are kept, detached, without the buyer's email and phone, on the
 * order, its invoice, its credit note and its timeline.
 */
export async function settleOrdersOfDeletedAccount(tx: AppTransaction, userId: string, buyerEmail: string): Promise<OrdersOfDeletedAccount> {
  const held = await tx
    .select({ id: orders.id, paid: orders.paid, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id))
    .for('update');
  const paidIds = held.filter((order) => order.paid).map((order) => order.id);
  if (held.some((order) => order.paid && order.status === 'pending')) throw new DomainError('ACCOUNT_HAS_OPEN_ORDERS');
  if (paidIds.length > 0) {
    const [refunding] = await tx
      .select({ id: paymentRefunds.paymentIntentId })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.status, 'pending'), inArray(paymentRefunds.orderId, paidIds)))
      .limit(1);
    if (refunding) throw new DomainError('ACCOUNT_HAS_OPEN_ORDERS');
  }
  let removed = 0;
  for (const order of held) {
    if (!order.paid && (await removeUnpaidOrder(tx, order.id))) removed += 1;
  }
  const kept = await detachPaidOrdersFromAccount(tx, userId);
  await dropBuyerContactsFromInvoices(tx, kept);
  await dropBuyerContactsFromCreditNotes(tx, kept);
  await forgetBuyerOnTimelines(tx, kept, buyerEmail);
  return { removed, kept: kept.length };
}
