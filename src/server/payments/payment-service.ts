import type { FastifyBaseLogger } from 'fastify';
import { API_ERRORS } from '../../shared';
import type { Identity } from '../identity/identity';
import type { AppDatabase } from '../db/client';
import { ConflictError, NotFoundError } from '../lib/domain-errors';
import type { OrderMailSettings } from '../mail/templates/order-mail';
import { attachPaymentIntent, expireStaleOrders, findOrder, isHolding, orderAmountCents, type OrderRow } from '../orders/orders-repository';
import type { PaymentIntentSummary, PaymentProvider } from './provider';
import { PaymentNotSettledError, refundClaimedPayment } from './refunds';
import { settleLocked, type PaymentToSettle, type Settlement } from './settle-locked';

interface Deps {
  db: AppDatabase;
  provider: PaymentProvider;
  holdMinutes: number;
  log: FastifyBaseLogger;
  /** For the receipt mail a settled payment queues. */
  mail: OrderMailSettings;
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
  await expireStaleOrders(deps.db, deps.holdMinutes);
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
 * Settles a payment for an order (the buyer's PATCH and Stripe's webhook; the test processor's
 * confirm runs `settleLocked` inside its own charge transaction). Answers the number of orders
 * modified: a repeat changes nothing. A payment that can no longer settle its order is refunded
 * and the buyer told so (409).
 */
export async function settlePayment(deps: Deps, order: OrderRow, intent: PaymentIntentSummary | null): Promise<number> {
  // Paid for good with this very payment: nothing to lock or decide.
  if (order.paid && intent && order.transactionId === intent.id) return 0;
  return settlePaymentOf(deps, { orderId: order.id, lastSeen: order, intent });
}

/** The same for an order that may be gone already (Stripe's webhook for a deleted order). */
export async function settlePaymentOf(deps: Deps, payment: PaymentToSettle): Promise<number> {
  const settlement = await deps.db.transaction((tx) => settleLocked(tx, payment, { provider: deps.provider.name, log: deps.log, mail: deps.mail }));
  return finishSettlement(deps, settlement);
}

/** After the commit: the number of orders modified, or the refund done and the buyer told (409). */
export async function finishSettlement(deps: Deps, settlement: Settlement): Promise<number> {
  if (settlement.kind === 'settled') return settlement.modified;
  const outcome = await refundClaimedPayment(deps, settlement.intentId);
  throw new PaymentNotSettledError(outcome === 'refunded');
}
