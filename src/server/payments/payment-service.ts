import type { FastifyBaseLogger } from 'fastify';
import { and, eq, TransactionRollbackError } from 'drizzle-orm';
import { API_ERRORS } from '../../shared';
import type { Identity } from '../identity/identity';
import type { AppDatabase } from '../db/client';
import { takeStock } from '../catalogue/stock';
import { orders } from '../db/schema';
import { ConflictError, NotFoundError, PaymentIncompleteError } from '../lib/domain-errors';
import {
  attachPaymentIntent,
  expireStaleOrders,
  findOrder,
  isHolding,
  markOrderPaid,
  orderAmountCents,
  type OrderRow,
} from '../orders/orders-repository';
import type { PaymentIntentSummary, PaymentProvider } from './provider';

interface Deps {
  db: AppDatabase;
  provider: PaymentProvider;
  holdHours: number;
  log: FastifyBaseLogger;
}

/** The caller's own order, or 404 (another person's order is not revealed to exist). */
export async function ownOrder(db: AppDatabase, identity: Identity, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || order.userId !== identity.userId) throw new NotFoundError(API_ERRORS.orderNotFound);
  return order;
}

/**
 * The amount is always the order's price × quantity in cents, computed here; whatever total the
 * client mentions is ignored. Asking twice gives the same intent while it still fits the order.
 */
export async function createPaymentIntentForOrder(deps: Deps, identity: Identity, orderId: string) {
  await expireStaleOrders(deps.db, deps.holdHours);
  const order = await ownOrder(deps.db, identity, orderId);
  if (order.status === 'expired') throw new ConflictError(API_ERRORS.orderExpired);
  if (!isHolding(order)) throw new ConflictError(API_ERRORS.orderNotPayable);
  // The tool was taken off sale: there is nothing left to deliver, so no money is taken for it.
  if (order.toolId === null) throw new ConflictError(API_ERRORS.toolNoLongerSold);
  const input = {
    orderId: order.id,
    amountCents: orderAmountCents(order),
    currency: 'usd' as const,
    idempotencyKey: `order-${order.id}-${orderAmountCents(order)}`,
  };
  const reusable = order.paymentIntentId ? await deps.provider.findReusableIntent(order.paymentIntentId, input) : null;
  const intent = reusable ?? (await deps.provider.createIntent(input));
  if (!reusable) await attachPaymentIntent(deps.db, order.id, intent.id);
  return { clientSecret: intent.clientSecret };
}

/**
 * Marks the order paid if, and only if, the provider says this intent succeeded for this order
 * and this amount. Used by the buyer's PATCH, the test processor's confirm and Stripe's webhook.
 * Answers the number of orders modified: a repeat changes nothing.
 */
export async function settlePayment(deps: Deps, order: OrderRow, intent: PaymentIntentSummary | null): Promise<number> {
  if (order.paid) {
    if (intent && order.transactionId === intent.id) return 0;
    throw new ConflictError(API_ERRORS.orderNotPayable);
  }
  if (!intent) throw new PaymentIncompleteError(API_ERRORS.paymentNotCompleted);
  if (intent.orderId !== order.id || intent.amountCents !== orderAmountCents(order) || intent.currency !== 'usd') {
    deps.log.warn({ orderId: order.id, intentId: intent.id }, 'payment intent does not match the order');
    throw new ConflictError(API_ERRORS.paymentMismatch);
  }
  if (intent.status !== 'succeeded') throw new PaymentIncompleteError(API_ERRORS.paymentNotCompleted);
  const modified = await markOrderPaid(deps.db, order.id, intent.id);
  if (modified > 0) return modified;
  // Nothing changed: the row moved on since it was read (settled meanwhile, its hold ran out, or
  // its tool was taken off sale).
  const fresh = await findOrder(deps.db, order.id);
  if (fresh && !fresh.paid && fresh.toolId === null) {
    deps.log.error({ orderId: order.id, transactionId: intent.id }, 'payment for an order whose tool was deleted: refund needed');
    throw new ConflictError(API_ERRORS.toolNoLongerSold);
  }
  if (!fresh || (fresh.paid && fresh.transactionId !== intent.id)) {
    // The card was charged for an order that was deleted or paid another way meanwhile.
    deps.log.error({ orderId: order.id, transactionId: intent.id }, 'payment for an order that can no longer take it: refund needed');
    throw new ConflictError(API_ERRORS.orderNotPayable);
  }
  if (fresh.paid) return 0;
  return fresh.status === 'expired' ? reviveExpiredOrder(deps, fresh, intent.id) : 0;
}

/**
 * The money was taken just as the order's hold ran out. Take the stock again if it is still
 * there and keep the sale; if it is gone, the payment must be refunded by hand, so say so loudly.
 */
async function reviveExpiredOrder(deps: Deps, order: OrderRow, transactionId: string): Promise<number> {
  const outcome = await deps.db
    .transaction(async (tx) => {
      // The buyer paid for this quantity: the minimum order applied when it was placed.
      if (order.toolId && !(await takeStock(tx, order.toolId, order.quantity, { enforceMinimum: false }))) {
        return 'sold-out' as const;
      }
      const rows = await tx
        .update(orders)
        .set({ paid: true, transactionId, status: 'pending', paidAt: new Date(), paymentIntentId: transactionId, expiredAt: null })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'expired'), eq(orders.paid, false)))
        .returning({ id: orders.id });
      // Someone else settled it meanwhile: undo the stock taken here.
      if (rows.length === 0) tx.rollback();
      return 'revived' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return 'already-settled' as const;
      throw error;
    });
  if (outcome === 'sold-out') {
    deps.log.error({ orderId: order.id, transactionId }, 'paid for an expired order whose stock is gone: refund needed');
    throw new ConflictError(API_ERRORS.orderExpired);
  }
  return outcome === 'revived' ? 1 : 0;
}
