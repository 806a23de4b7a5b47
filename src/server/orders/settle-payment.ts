import type { FastifyBaseLogger } from 'fastify';
import type { AppTransaction } from '../db/client';
import type { RefundReason } from '../db/schema';
import { DomainError } from '../lib/domain-errors';
import { issueInvoice } from './invoices-repository';
import { followPaidOrder } from './order-follow-ups';
import { lockOrder, orderAmountCents, orderState, type OrderWithLines } from './orders-repository';
import { StockShortAtTake, takeOrderStock, takeOrderStockLast, type StockCheck, type StockMove } from './order-stock';
import { markOrderPaid } from './order-state';
import type { PaymentIntentSummary, PaymentProvider } from '../payments/provider';
import { claimRefund, claimedRefundReason } from '../payments/refunds';

/** What a payment did to its order: settled it (0 when it already had), or must be refunded, and why. */
export type Settlement = { kind: 'settled'; modified: number } | { kind: 'refund'; intentId: string; reason: RefundReason };

export interface PaymentToSettle {
  orderId: string;
  /** The order as the caller last read it (for the amount and buyer once the order is gone), if it did. */
  lastSeen: OrderWithLines | null;
  /** What the provider says about the payment; null when it does not know it. */
  intent: PaymentIntentSummary | null;
}

interface SettleContext {
  provider: PaymentProvider['name'];
  log: FastifyBaseLogger;
}

/** How a payment settles its order, besides the payment itself. */
export interface SettleOptions {
  /** The order, read by the caller with its row locked in this transaction (null: gone); read here when absent. */
  lockedOrder?: OrderWithLines | null;
  /**
   * The caller's transaction made this charge (the test processor's confirm moved the intent from
   * unpaid to succeeded): no refund can have been claimed for it, since a claim is only ever made
   * for a charge and commits with it or after it, so there is nothing to look for.
   */
  chargedHere?: boolean;
  /**
   * Lock the order's tools and check their stock before writing anything, and refund the payment
   * when a line is short. Without it the stock is taken last, and a line that cannot be taken
   * throws StockShortAtTake (see `stockLastThenFirst`).
   */
  stockFirst?: boolean;
  /** With `stockFirst`: what the caller's `lockStockFor` answered in this transaction (checked here when absent). */
  lockedStock?: StockCheck | null;
}

/**
 * Runs a settling transaction taking the stock last, the fast way (the tools' rows locked from the
 * take to the commit only). When a line could not be taken, that transaction rolled back (for the
 * test processor, the charge with it); it runs once more with the stock locked and checked first,
 * which answers exactly why: a refund, or a refusal with nothing charged. Only a payment that
 * cannot settle (a tool sold out or removed before its take) runs twice.
 */
export async function stockLastThenFirst<T>(settle: (stockFirst: boolean) => Promise<T>): Promise<T> {
  try {
    return await settle(false);
  } catch (error) {
    if (!(error instanceof StockShortAtTake)) throw error;
    return settle(true);
  }
}

/**
 * Decides, with the order's row locked, whether this payment settles its order. It does if, and
 * only if, the provider says this intent succeeded for this order and this amount, and the stock
 * still covers every line: the payment takes the units (order-stock.ts), so of many buyers paying
 * for the last units, those who pay first get them and nobody is sold what is gone. A payment that
 * took the money but cannot settle the order (deleted, a tool taken off sale, paid by another
 * payment, sold out meanwhile) is claimed for a refund in this same transaction; the caller refunds
 * it after the commit (`refundClaimedPayment`).
 *
 * A payment that settles its order does here only what must be atomic with it (decision 044):
 * marks the order paid, issues its invoice (numbered as the transaction commits), takes the stock,
 * and writes the follow-up that sends the receipt, tells the owner and checks the low-stock marks
 * after the commit (order-follow-ups.ts):
 * one receipt per order, however many requests (PATCH, webhook, confirm, their retries) bring the
 * same payment, and none lost if the process stops right after the commit. The stock is taken last
 * (its rows are every payment's shared locks) unless `options.stockFirst` says otherwise.
 */
export async function settleLocked(
  tx: AppTransaction,
  payment: PaymentToSettle,
  context: SettleContext,
  options: SettleOptions = {},
): Promise<Settlement> {
  const { orderId, intent } = payment;
  const order = options.lockedOrder !== undefined ? options.lockedOrder : await lockOrder(tx, orderId);
  if (order?.paid && intent && order.transactionId === intent.id) return { kind: 'settled', modified: 0 };
  const known = order ?? payment.lastSeen;
  const fits =
    intent !== null &&
    intent.orderId === orderId &&
    intent.currency === 'usd' &&
    (known === null || intent.amountCents === orderAmountCents(known));
  if (!intent || !fits || intent.status !== 'succeeded') {
    if (!order || order.paid) throw new DomainError('ORDER_NOT_PAYABLE', { state: orderState(order) });
    if (intent && !fits) {
      context.log.warn({ orderId, intentId: intent.id }, 'payment intent does not match the order');
      throw new DomainError('PAYMENT_MISMATCH');
    }
    throw new DomainError('PAYMENT_NOT_COMPLETED');
  }

  // From here on this intent took the money for this order.
  const refund = async (reason: RefundReason): Promise<Settlement> => {
    await claimRefund(tx, context.provider, { intent, orderId, reason, buyerEmail: known?.email ?? null });
    return { kind: 'refund', intentId: intent.id, reason };
  };
  // A payment once claimed for a refund is being handed back: it never settles anything again.
  const claimedFor = options.chargedHere ? null : await claimedRefundReason(tx, intent.id);
  if (claimedFor) return { kind: 'refund', intentId: intent.id, reason: claimedFor };
  if (!order) return refund('order-deleted');
  if (order.paid) return refund('paid-another-way');
  const paid = { transactionId: intent.id, paidAt: new Date() };
  let moves: StockMove[] | null = null;
  if (options.stockFirst) {
    const stock = await takeOrderStock(tx, order.lines, options.lockedStock ?? null);
    if (stock.kind === 'tool-deleted') return refund('tool-deleted');
    if (stock.kind === 'short') {
      context.log.info({ orderId, intentId: intent.id, shortages: stock.shortages.length }, 'paid for stock that sold out meanwhile: refunding');
      return refund('sold-out');
    }
    moves = stock.moves;
  }
  // Unpaid under the row lock, so it is marked paid; its invoice is numbered in the same transaction.
  await markOrderPaid(tx, order, intent.id, paid.paidAt);
  await issueInvoice(tx, order);
  // The rows every buyer of a tool shares: locked from here to the commit, three statements.
  moves ??= await takeOrderStockLast(tx, order.lines);
  await followPaidOrder(tx, order, paid, moves);
  return { kind: 'settled', modified: 1 };
}
