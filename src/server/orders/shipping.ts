import { eq } from 'drizzle-orm';
import { formatOrderNumber, type Shipment } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { orders } from '../db/schema';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { queueMail } from '../mail/outbox';
import { orderShippedMail, type OrderMailSettings } from '../mail/templates/order-mail';
import { markOrderShipped, markOrderUnshipped, markVatNumberConfirmed, refundUnderWay, vatNumberToReview } from './order-state';
import { orderState, withLines } from './orders-repository';

/** What the audit log keeps of a shipment: the number people say, who it goes to, and what was given. */
const shipmentFacts = (row: { number: number; email: string; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null }) => ({
  number: formatOrderNumber(row.number),
  email: row.email,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
});

/**
 * An admin ships a paid order: pending → shipped with one conditional update, with the carrier and
 * tracking when given; the buyer's mail, the audit entry and the timeline's moment in the same
 * transaction. Of two admins shipping at once, one ships it and the other is told it has already
 * been shipped. Anything but a paid, pending order is refused with the reason.
 */
export async function shipOrder(db: AppDatabase, orderId: string, admin: Identity, shipment: Shipment, mail: OrderMailSettings): Promise<number> {
  return db.transaction(async (tx) => {
    // The row lock first, then the checks, each a statement of its own: a refund that claimed the
    // payment while this waited for the lock is seen (one statement's snapshot would miss it).
    const [current] = await tx.select({ paid: orders.paid, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new DomainError('ORDER_NOT_FOUND');
    const shipped = await markOrderShipped(tx, orderId, shipment, admin.email);
    if (!shipped) throw await whyNotShippable(tx, orderId);
    const [withItsLines] = await withLines(tx, [shipped]);
    await queueMail(tx, orderShippedMail(withItsLines!, mail));
    const facts = shipmentFacts(shipped);
    await recordAudit(tx, admin, { action: 'order.shipped', targetId: orderId, before: { number: facts.number, email: facts.email, status: 'pending' }, after: { ...facts, status: 'shipped' } });
    return 1;
  });
}

/** Read after the update matched nothing, so it sees the row as the competing change left it. */
async function whyNotShippable(tx: AppTransaction, orderId: string): Promise<Error> {
  const [row] = await tx
    .select({ paid: orders.paid, status: orders.status, refunding: refundUnderWay, toReview: vatNumberToReview })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return new DomainError('ORDER_NOT_FOUND');
  if (row.refunding) return new DomainError('REFUND_UNDER_WAY');
  if (row.toReview && row.paid && row.status === 'pending') return new DomainError('VAT_NUMBER_TO_REVIEW');
  return new DomainError('ORDER_NOT_SHIPPABLE', { state: orderState(row) });
}

/**
 * An admin undoes a shipment marked by mistake: shipped → pending, the carrier and tracking
 * cleared, the audit entry (with what was undone) and the timeline's moment in the same
 * transaction. The buyer is not mailed: they may not have read the first mail, and a second one
 * would confuse more than it helps; the order's page shows it as waiting to ship again.
 */
export async function unshipOrder(db: AppDatabase, orderId: string, admin: Identity): Promise<number> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!before) throw new DomainError('ORDER_NOT_FOUND');
    if (before.status !== 'shipped') throw new DomainError('ORDER_NOT_SHIPPED');
    await markOrderUnshipped(tx, before, admin.email);
    const facts = shipmentFacts(before);
    await recordAudit(tx, admin, { action: 'order.unshipped', targetId: orderId, before: { ...facts, status: 'shipped' }, after: { number: facts.number, email: facts.email, status: 'pending' } });
    return 1;
  });
}

/**
 * An admin confirms a reverse-charge order's VAT number (having checked it is live, in VIES: the
 * store can't offline; decision 048), which releases its shipment when the owner's review setting
 * held it. The confirmation, its moment on the timeline and the audit entry commit together; of two
 * admins confirming at once, the second is told it is done.
 */
export async function confirmVatNumber(db: AppDatabase, orderId: string, admin: Identity): Promise<number> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ reverseCharge: orders.reverseCharge }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new DomainError('ORDER_NOT_FOUND');
    if (!current.reverseCharge) throw new DomainError('ORDER_NOT_REVERSE_CHARGE');
    const confirmed = await markVatNumberConfirmed(tx, orderId, admin.email);
    if (!confirmed) throw new DomainError('VAT_NUMBER_ALREADY_CONFIRMED');
    await recordAudit(tx, admin, {
      action: 'order.vat_number_confirmed',
      targetId: orderId,
      before: { number: formatOrderNumber(confirmed.number), buyerVatId: confirmed.buyerVatId, confirmed: false },
      after: { number: formatOrderNumber(confirmed.number), buyerVatId: confirmed.buyerVatId, confirmed: true },
    });
    return 1;
  });
}
