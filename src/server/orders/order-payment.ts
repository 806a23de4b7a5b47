import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Identity } from '../identity/identity';
import type { AppDatabase } from '../db/client';
import { DomainError } from '../lib/domain-errors';
import type { OrderMailSettings } from '../mail/templates/order-mail';
import { ownOrderWithStock } from './order-access';
import { expireIfStale, findOrder, isPastPayBy, isPayable, orderAmountCents, orderState, type OrderWithLines } from './orders-repository';
import { attachPaymentIntent } from './order-state';
import { stockCheckOf, type StockCheck } from './order-stock';
import type { PaymentIntentSummary, PaymentProvider } from '../payments/provider';
import { claimedRefundReason, PaymentNotSettledError, refundClaimedPayment } from '../payments/refunds';
import { settleLocked, stockLastThenFirst, type PaymentToSettle, type Settlement } from './settle-payment';

export interface PaymentDeps {
  db: AppDatabase;
  provider: PaymentProvider;
  /** How long an unpaid order may be paid (ORDER_PAY_MINUTES). */
  payMinutes: number;
  log: FastifyBaseLogger;
  /** For the receipt mail a settled payment queues. */
  mail: OrderMailSettings;
}

/** The payment's dependencies, from the store's settings (store-setup.ts) and the request's log. */
export function paymentDepsOf(app: FastifyInstance, log: FastifyBaseLogger): PaymentDeps {
  const { payments, payMinutes, orderMail } = app.store;
  return { db: app.db, provider: payments.provider, payMinutes, log, mail: orderMail };
}

/**
 * Refuses (409, before any money moves) an order that cannot be paid now: gone, paid, expired, a
 * tool taken off sale, or a line the stock no longer covers. `stock` is the stock check of its lines.
 */
export function refuseUnpayable(order: OrderWithLines | null, stock: StockCheck | null): asserts order is OrderWithLines {
  if (!order || !isPayable(order)) throw new DomainError('ORDER_NOT_PAYABLE', { state: orderState(order) });
  if (stock?.kind === 'tool-deleted') throw new DomainError('TOOL_NO_LONGER_SOLD');
  if (stock?.kind === 'short') throw new DomainError('SOLD_OUT_BEFORE_PAYMENT', { shortages: stock.shortages });
}

/** An order found past its time to pay: expired now (one statement), and the payment refused as for any expired order. */
export async function refuseExpired(deps: Pick<PaymentDeps, 'db' | 'payMinutes'>, orderId: string): Promise<never> {
  await expireIfStale(deps.db, orderId, deps.payMinutes);
  throw new DomainError('ORDER_NOT_PAYABLE', { state: 'expired' });
}

/**
 * The amount is always the order's total in cents, computed when it was placed; whatever total the
 * client mentions is ignored. Asking twice gives the same intent while it still fits the order. An
 * order whose stock is gone is refused before the buyer types a card number.
 */
export async function createPaymentIntentForOrder(deps: PaymentDeps, identity: Identity, orderId: string) {
  const { order, stock } = await ownOrderWithStock(deps.db, orderId, identity);
  if (isPastPayBy(order, deps.payMinutes)) await refuseExpired(deps, order.id);
  refuseUnpayable(order, null);
  refuseUnpayable(order, stockCheckOf(order.lines, stock));
  const amountCents = orderAmountCents(order);
  // A payment handed back (its stock sold out meanwhile) is never offered again: a new intent, with
  // a key of its own, so a second attempt after a restock can be paid.
  const previous = order.paymentIntentId;
  const previousRefunded = previous !== null && (await claimedRefundReason(deps.db, previous)) !== null;
  const input = {
    orderId: order.id,
    amountCents,
    currency: 'usd' as const,
    idempotencyKey: `order-${order.id}-${amountCents}${previousRefunded ? `-after-${previous}` : ''}`,
  };
  const reusable = previous && !previousRefunded ? await deps.provider.findReusableIntent(previous, input) : null;
  const intent = reusable ?? (await deps.provider.createIntent(input));
  if (!reusable) await attachPaymentIntent(deps.db, order.id, intent.id);
  return { clientSecret: intent.clientSecret };
}

/**
 * The buyer says the provider took their payment for this order (POST /api/orders/:id/payment, and
 * the spec's PATCH /api/order/:id {status: 'pending'}): the payment named is asked of the provider,
 * and only what the provider says settles the order. Answers the number of orders modified.
 */
export async function settleReportedPayment(deps: PaymentDeps, order: OrderWithLines, transactionId: string | undefined): Promise<number> {
  if (!transactionId) throw new DomainError('PAYMENT_NOT_NAMED');
  return settlePayment(deps, order, await deps.provider.retrieveIntent(transactionId));
}

/**
 * Settles a payment for an order (the buyer's report and Stripe's webhook; the test processor's
 * confirm runs `settleLocked` inside its own charge transaction). Answers the number of orders
 * modified: a repeat changes nothing. A payment that can no longer settle its order is refunded
 * and the buyer told so (409).
 */
export async function settlePayment(deps: PaymentDeps, order: OrderWithLines, intent: PaymentIntentSummary | null): Promise<number> {
  // Paid for good with this very payment: nothing to lock or decide.
  if (order.paid && intent && order.transactionId === intent.id) return 0;
  return settlePaymentOf(deps, { orderId: order.id, lastSeen: order, intent });
}

/** The same for an order that may be gone already (Stripe's webhook for a deleted order). */
export async function settlePaymentOf(deps: PaymentDeps, payment: PaymentToSettle): Promise<number> {
  const context = { provider: deps.provider.name, log: deps.log };
  const settlement = await stockLastThenFirst((stockFirst) =>
    deps.db.transaction((tx) => settleLocked(tx, payment, context, { stockFirst })),
  );
  return finishSettlement(deps, settlement);
}

/** A payment the provider says succeeded for an order that may be gone already (Stripe's webhook). */
export async function settleProviderPayment(deps: PaymentDeps, orderId: string, intent: PaymentIntentSummary): Promise<number> {
  return settlePaymentOf(deps, { orderId, lastSeen: await findOrder(deps.db, orderId), intent });
}

/** After the commit: the number of orders modified, or the refund done and the buyer told (409). */
export async function finishSettlement(deps: PaymentDeps, settlement: Settlement): Promise<number> {
  if (settlement.kind === 'settled') return settlement.modified;
  const outcome = await refundClaimedPayment(deps, settlement.intentId);
  throw new PaymentNotSettledError(outcome === 'refunded', settlement.reason);
}
