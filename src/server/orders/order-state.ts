import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { REFUNDABLE_STATUSES, type Shipment } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { orderEvents, orders, paymentRefunds, type OrderEventKind, type OrderRow } from '../db/schema';
import { recordOrderEvent } from './order-events';

/**
 * The only code that changes an order after it is placed (decision 032), as catalogue/stock.ts is
 * for a tool's stock: every write of `paid`, `status`, `transactionId`, `paidAt`, `shippedAt`, the
 * shipment's details, `expiredAt`, `refundedAt` and `paymentIntentId`, and the delete. Each
 * transition is one conditional statement in the caller's transaction, whose WHERE is the state it
 * starts from, and puts its moment on the order's timeline in that transaction; it answers whether
 * it happened. The callers own the rest of the story (locks, refusals, mail, audit), and each
 * transition has one caller: tests/lint/order-writes.test.ts holds the list and fails on another.
 */

/**
 * Puts the orders a data-changing CTE returned (`changed`, with an `id` column) on the timeline as
 * `kind`, in the statement that changes them: `with changed as (update ...) insert into order_events select ...`.
 */
function recordInSameStatement(
  db: AppDatabase | AppTransaction,
  changed: WithSubqueryWithSelection<{ id: typeof orders.id }, string>,
  kind: OrderEventKind,
  actorEmail: string | null,
  details: Record<string, string | null> | null,
) {
  return db
    .with(changed)
    .insert(orderEvents)
    .select((qb) =>
      qb
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          orderId: changed.id,
          kind: sql`${kind}`.as('kind'),
          at: sql`now()`.as('at'),
          actorEmail: sql`${actorEmail}`.as('actor_email'),
          details: sql`${details === null ? null : JSON.stringify(details)}::jsonb`.as('details'),
        })
        .from(changed),
    )
    .returning({ id: orderEvents.id });
}

/** An admin's refund of the order's payment is claimed and not finished (payments/refund-order.ts). */
export const refundUnderWay = sql<boolean>`exists (select 1 from ${paymentRefunds} where ${paymentRefunds.paymentIntentId} = ${orders.transactionId} and ${paymentRefunds.status} = 'pending')`;

/**
 * Unpaid, or expired while its buyer was paying → paid, waiting to ship (`pending`), with its
 * payment. The change and its moment on the timeline are one statement: the paying transaction
 * holds the order's lock (and from its take, its tools'), so it makes as few round trips as it can.
 */
export async function markOrderPaid(tx: AppTransaction, order: Pick<OrderRow, 'id' | 'email'>, transactionId: string, paidAt: Date): Promise<boolean> {
  const paid = tx.$with('paid').as(
    tx
      .update(orders)
      .set({ paid: true, transactionId, status: 'pending', paidAt, paymentIntentId: transactionId, expiredAt: null })
      .where(and(eq(orders.id, order.id), eq(orders.paid, false)))
      .returning({ id: orders.id }),
  );
  const recorded = await recordInSameStatement(tx, paid, 'paid', order.email, { transactionId });
  return recorded.length > 0;
}

/** The payment intent an unpaid order is offered, to be reused while it fits (not a state of its own). */
export async function attachPaymentIntent(db: AppDatabase, orderId: string, intentId: string): Promise<void> {
  await db.update(orders).set({ paymentIntentId: intentId }).where(and(eq(orders.id, orderId), eq(orders.paid, false)));
}

/**
 * A reverse-charge order placed while the owner asked to review them, whose VAT number no admin has
 * confirmed yet (decision 048): it may be paid, refunded or deleted, but not shipped.
 */
export const vatNumberToReview = sql<boolean>`(${orders.vatReviewRequired} and ${orders.buyerVatConfirmedAt} is null)`;

/**
 * A reverse-charge order's VAT number, not confirmed yet → confirmed by an admin (who looked it up in
 * VIES), with its moment on the timeline. Answers the confirmed row, or null when there was nothing
 * to confirm (not reverse charge, or confirmed already). Any state: an admin may confirm before payment.
 */
export async function markVatNumberConfirmed(tx: AppTransaction, orderId: string, actorEmail: string): Promise<OrderRow | null> {
  const [confirmed] = await tx
    .update(orders)
    .set({ buyerVatConfirmedAt: new Date(), buyerVatConfirmedBy: actorEmail })
    .where(and(eq(orders.id, orderId), eq(orders.reverseCharge, true), isNull(orders.buyerVatConfirmedAt)))
    .returning();
  if (!confirmed) return null;
  await recordOrderEvent(tx, orderId, 'vat_number_confirmed', actorEmail, { buyerVatId: confirmed.buyerVatId });
  return confirmed;
}

/** Paid, waiting to ship, no refund under way, no VAT number waiting for review → shipped, with what the admin gave. Answers the shipped row. */
export async function markOrderShipped(tx: AppTransaction, orderId: string, shipment: Shipment, actorEmail: string): Promise<OrderRow | null> {
  const [shipped] = await tx
    .update(orders)
    .set({
      status: 'shipped',
      shippedAt: new Date(),
      carrier: shipment.carrier ?? null,
      trackingNumber: shipment.trackingNumber ?? null,
      trackingUrl: shipment.trackingUrl ?? null,
    })
    .where(and(eq(orders.id, orderId), eq(orders.paid, true), eq(orders.status, 'pending'), sql`not ${refundUnderWay}`, sql`not ${vatNumberToReview}`))
    .returning();
  if (!shipped) return null;
  await recordOrderEvent(tx, orderId, 'shipped', actorEmail, { carrier: shipped.carrier, trackingNumber: shipped.trackingNumber, trackingUrl: shipped.trackingUrl });
  return shipped;
}

/** Shipped → waiting to ship again, the carrier and tracking cleared; the timeline keeps what was undone. */
export async function markOrderUnshipped(tx: AppTransaction, shipped: Pick<OrderRow, 'id' | 'carrier' | 'trackingNumber'>, actorEmail: string): Promise<boolean> {
  const [unshipped] = await tx
    .update(orders)
    .set({ status: 'pending', shippedAt: null, carrier: null, trackingNumber: null, trackingUrl: null })
    .where(and(eq(orders.id, shipped.id), eq(orders.status, 'shipped')))
    .returning({ id: orders.id });
  if (!unshipped) return false;
  await recordOrderEvent(tx, shipped.id, 'unshipped', actorEmail, { carrier: shipped.carrier, trackingNumber: shipped.trackingNumber });
  return true;
}

/**
 * Unpaid and not paid within `payMinutes` of being placed → expired: every such order, or only
 * `orderId` when given. Answers how many expired. They hold no stock, so nothing else moves. One
 * statement with their moments on the timeline, so it needs no transaction of its own.
 */
export async function expireStaleOrders(db: AppDatabase | AppTransaction, payMinutes: number, orderId?: string): Promise<number> {
  const stale = and(eq(orders.paid, false), isNull(orders.status), lt(orders.createdAt, sql`now() - make_interval(mins => ${payMinutes})`));
  const expired = db.$with('expired').as(
    db
      .update(orders)
      .set({ status: 'expired', expiredAt: new Date() })
      .where(orderId === undefined ? stale : and(eq(orders.id, orderId), stale))
      .returning({ id: orders.id }),
  );
  const recorded = await recordInSameStatement(db, expired, 'expired', null, null);
  return recorded.length;
}

/** Paid, waiting to ship or shipped (REFUNDABLE_STATUSES) → refunded (the money went back through the provider). */
export async function markOrderRefunded(
  tx: AppTransaction,
  orderId: string,
  actorEmail: string,
  refund: { refundId: string | null; transactionId: string },
): Promise<boolean> {
  const [refunded] = await tx
    .update(orders)
    .set({ status: 'refunded', refundedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...REFUNDABLE_STATUSES])))
    .returning({ id: orders.id });
  if (!refunded) return false;
  await recordOrderEvent(tx, orderId, 'refunded', actorEmail, refund);
  return true;
}

/** Unpaid → gone, with its lines. A paid order is never deleted. */
export async function removeUnpaidOrder(tx: AppTransaction, orderId: string): Promise<boolean> {
  const removed = await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.paid, false))).returning({ id: orders.id });
  return removed.length > 0;
}

/**
 * Paid orders of an account being deleted → kept without it (decision 046): the account's link
 * (`userId`), the buyer's email and phone go; the name, address, lines, totals and payment stay,
 * which is what the invoice the law makes the store keep needs. Answers the ids of the orders kept.
 * The caller holds the account's orders' locks and has deleted its unpaid ones first.
 */
export async function detachPaidOrdersFromAccount(tx: AppTransaction, userId: string): Promise<string[]> {
  const kept = await tx
    .update(orders)
    .set({ userId: null, email: '', phone: '' })
    .where(and(eq(orders.userId, userId), eq(orders.paid, true)))
    .returning({ id: orders.id });
  return kept.map((row) => row.id);
}
