import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { API_ERRORS } from '../../shared';
import { takeStock } from '../catalogue/stock';
import type { AppTransaction } from '../db/client';
import { orders, type RefundReason } from '../db/schema';
import { ConflictError, PaymentIncompleteError } from '../lib/domain-errors';
import { queueMail } from '../mail/outbox';
import { orderPaidMail, type OrderMailSettings } from '../mail/templates/order-mail';
import { lockOrder, markOrderPaid, orderAmountCents, type OrderRow } from '../orders/orders-repository';
import type { PaymentIntentSummary, PaymentProvider } from './provider';
import { claimRefund, isClaimedForRefund } from './refunds';

/** What a payment did to its order: settled it (0 when it already had), or must be refunded. */
export type Settlement = { kind: 'settled'; modified: number } | { kind: 'refund'; intentId: string };

export interface PaymentToSettle {
  orderId: string;
  /** The order as the caller last read it (for the amount and buyer once the order is gone), if it did. */
  lastSeen: OrderRow | null;
  /** What the provider says about the payment; null when it does not know it. */
  intent: PaymentIntentSummary | null;
}

interface SettleContext {
  provider: PaymentProvider['name'];
  log: FastifyBaseLogger;
  mail: OrderMailSettings;
}

/**
 * Decides, with the order's row locked, whether this payment settles its order. Marks the order
 * paid if, and only if, the provider says this intent succeeded for this order and this amount.
 * A payment that took the money but can no longer settle the order (deleted, tool taken off sale,
 * paid by another payment, expired with its stock gone) is claimed for a refund in this same
 * transaction; the caller refunds it after the commit (`refundClaimedPayment`). A payment that
 * settles its order queues the buyer's receipt in the same transaction: one receipt per order,
 * however many requests (PATCH, webhook, confirm, their retries) bring the same payment.
 */
export async function settleLocked(tx: AppTransaction, payment: PaymentToSettle, context: SettleContext): Promise<Settlement> {
  const { orderId, intent } = payment;
  const order = await lockOrder(tx, orderId);
  if (order?.paid && intent && order.transactionId === intent.id) return { kind: 'settled', modified: 0 };
  const known = order ?? payment.lastSeen;
  const fits =
    intent !== null &&
    intent.orderId === orderId &&
    intent.currency === 'usd' &&
    (known === null || intent.amountCents === orderAmountCents(known));
  if (!intent || !fits || intent.status !== 'succeeded') {
    if (!order || order.paid) throw new ConflictError(API_ERRORS.orderNotPayable);
    if (intent && !fits) {
      context.log.warn({ orderId, intentId: intent.id }, 'payment intent does not match the order');
      throw new ConflictError(API_ERRORS.paymentMismatch);
    }
    throw new PaymentIncompleteError(API_ERRORS.paymentNotCompleted);
  }

  // From here on this intent took the money for this order.
  const refund = async (reason: RefundReason): Promise<Settlement> => {
    await claimRefund(tx, context.provider, { intent, orderId, reason, buyerEmail: known?.email ?? null });
    return { kind: 'refund', intentId: intent.id };
  };
  // A payment once claimed for a refund is being handed back: it never settles anything again.
  if (await isClaimedForRefund(tx, intent.id)) return { kind: 'refund', intentId: intent.id };
  if (!order) return refund('order-deleted');
  if (order.paid) return refund('paid-another-way');
  if (order.toolId === null) return refund('tool-deleted');
  const settlement =
    order.status === 'expired'
      ? await reviveExpiredOrder(tx, order, order.toolId, intent.id, refund)
      : { kind: 'settled' as const, modified: await markOrderPaid(tx, order.id, intent.id) };
  if (settlement.kind === 'settled' && settlement.modified > 0) {
    await queueMail(tx, orderPaidMail(order, intent.id, new Date(), context.mail));
  }
  return settlement;
}

/**
 * The money was taken just as the order's hold ran out. Take the stock again if it is still there
 * and keep the sale; if it is gone, the payment is refunded.
 */
async function reviveExpiredOrder(
  tx: AppTransaction,
  order: OrderRow,
  toolId: string,
  transactionId: string,
  refund: (reason: RefundReason) => Promise<Settlement>,
): Promise<Settlement> {
  // The buyer paid for this quantity: the minimum order applied when it was placed.
  if (!(await takeStock(tx, toolId, order.quantity, { enforceMinimum: false }))) return refund('expired-sold-out');
  await tx
    .update(orders)
    .set({ paid: true, transactionId, status: 'pending', paidAt: new Date(), paymentIntentId: transactionId, expiredAt: null })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'expired'), eq(orders.paid, false)));
  return { kind: 'settled', modified: 1 };
}
