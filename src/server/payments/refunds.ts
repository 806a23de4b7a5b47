import type { FastifyBaseLogger } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { centsToDollars, formatOrderNumber } from '../../shared';
import { recordSystemAudit } from '../audit/audit-log';
import type { AppDatabase, AppTransaction } from '../db/client';
import { orders, paymentRefunds, type RefundReason } from '../db/schema';
import { DomainError } from '../lib/domain-errors';
import type { PaymentIntentSummary, PaymentProvider } from './provider';

/**
 * Payments that took money for an order the store can no longer fulfil (deleted, its tool taken
 * off sale, paid by another payment, or expired with its stock gone). The decision is made under
 * the order's row lock and claims the refund in that same transaction; the refund itself is asked
 * of the provider after the commit, and its outcome is written where admins see it (the activity
 * log). See docs/decisions/009-payments-that-cannot-settle.md.
 */

interface RefundDeps {
  db: AppDatabase;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/** What admins read in the activity log (at most 40 characters each). */
const REASON_LABELS: Record<RefundReason, string> = {
  'order-deleted': 'Order deleted while it was being paid',
  'tool-deleted': 'Tool taken off sale before payment',
  'paid-another-way': 'Order already paid by another payment',
  'expired-sold-out': 'Order expired and its stock is gone',
  'sold-out': 'Sold out while the buyer was paying',
  'cancelled-by-admin': 'Cancelled and refunded by an admin',
};

/** The buyer is told the order cannot be paid (and why, when it sold out), and whether the money is back already. */
export class PaymentNotSettledError extends DomainError<'PAYMENT_NOT_SETTLED'> {
  constructor(
    readonly refunded: boolean,
    readonly reason: RefundReason,
  ) {
    super('PAYMENT_NOT_SETTLED', { refunded, soldOut: reason === 'sold-out' });
  }
}

type RefundRow = typeof paymentRefunds.$inferSelect;

export interface RefundClaim {
  intent: Pick<PaymentIntentSummary, 'id' | 'amountCents' | 'currency'>;
  orderId: string;
  reason: RefundReason;
  buyerEmail: string | null;
}

/** Claims the refund of a payment, once: a payment already claimed keeps its first reason. */
export async function claimRefund(tx: AppTransaction, provider: PaymentProvider['name'], claim: RefundClaim): Promise<void> {
  await tx
    .insert(paymentRefunds)
    .values({
      paymentIntentId: claim.intent.id,
      orderId: claim.orderId,
      provider,
      amountCents: claim.intent.amountCents,
      currency: claim.intent.currency,
      reason: claim.reason,
      buyerEmail: claim.buyerEmail,
    })
    .onConflictDoNothing({ target: paymentRefunds.paymentIntentId });
}

/**
 * An admin's claim to refund the payment of a paid order (refund-order.ts), made with the order's
 * row locked: a new claim, or one that failed before tried again. A claim still under way is
 * refused, so a second admin at the same moment is told a refund is being made.
 */
export async function claimAdminRefund(
  tx: AppTransaction,
  provider: PaymentProvider['name'],
  order: { id: string; transactionId: string; totalCents: number; email: string },
): Promise<void> {
  const [existing] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, order.transactionId)).for('update');
  if (existing?.status === 'pending') throw new DomainError('REFUND_UNDER_WAY');
  if (existing) {
    await tx.update(paymentRefunds).set({ status: 'pending', lastError: null, updatedAt: new Date() }).where(eq(paymentRefunds.paymentIntentId, order.transactionId));
    return;
  }
  const intent = { id: order.transactionId, amountCents: order.totalCents, currency: 'usd' };
  await claimRefund(tx, provider, { intent, orderId: order.id, reason: 'cancelled-by-admin', buyerEmail: order.email });
}

/** A claimed refund the provider refused or could not make. Answers the claim if this call failed it. */
export async function recordRefundFailed(tx: AppTransaction, intentId: string, error: string): Promise<RefundRow | null> {
  const [failed] = await tx
    .update(paymentRefunds)
    .set({ status: 'failed', lastError: error.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(paymentRefunds.paymentIntentId, intentId), eq(paymentRefunds.status, 'pending')))
    .returning();
  return failed ?? null;
}

/** A claimed refund the provider made. Answers the claim if this call recorded it (once per payment). */
export async function recordRefunded(tx: AppTransaction, intentId: string, providerRefundId: string | null): Promise<RefundRow | null> {
  const [refunded] = await tx
    .update(paymentRefunds)
    .set({ status: 'refunded', providerRefundId, lastError: null, updatedAt: new Date() })
    .where(and(eq(paymentRefunds.paymentIntentId, intentId), ne(paymentRefunds.status, 'refunded')))
    .returning();
  return refunded ?? null;
}

/** Why a payment was claimed for a refund, or null if it was not: a claimed payment never settles an order afterwards. */
export async function claimedRefundReason(db: AppDatabase | AppTransaction, intentId: string): Promise<RefundReason | null> {
  const [row] = await db.select({ reason: paymentRefunds.reason }).from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, intentId));
  return row?.reason ?? null;
}

/** The order's number, for people reading the log; null when the refund is for a deleted order. */
async function orderNumberOf(tx: AppTransaction, orderId: string): Promise<string | null> {
  const [order] = await tx.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ? formatOrderNumber(order.number) : null;
}

const auditDetails = async (tx: AppTransaction, row: RefundRow) => ({
  number: await orderNumberOf(tx, row.orderId),
  email: row.buyerEmail,
  reason: REASON_LABELS[row.reason],
  amount: centsToDollars(row.amountCents),
  transactionId: row.paymentIntentId,
  ...(row.status === 'failed' ? { error: row.lastError } : {}),
});

/**
 * Hands a claimed payment back through the provider (idempotent there, so concurrent requests and
 * retries refund it once) and records the outcome for admins, once per outcome. A refund the
 * provider refuses or cannot take is recorded as failed, to be done by hand, and logged as an
 * error; a later request meeting the same payment (a webhook retry) tries again.
 */
export async function refundClaimedPayment(deps: RefundDeps, intentId: string): Promise<'refunded' | 'failed'> {
  const [claim] = await deps.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentIntentId, intentId));
  if (!claim) throw new Error(`payment ${intentId} was never claimed for a refund`);
  if (claim.status === 'refunded') return 'refunded';
  const about = { orderId: claim.orderId, transactionId: intentId, reason: claim.reason };
  let refundId: string | null;
  try {
    ({ refundId } = await deps.provider.refund(intentId, claim.reason));
  } catch (error) {
    deps.log.error({ ...about, err: error }, 'payment for an order that cannot take it: the refund failed, refund it by hand');
    const message = error instanceof Error ? error.message : String(error);
    await deps.db.transaction(async (tx) => {
      const failed = await recordRefundFailed(tx, intentId, message);
      if (failed) await recordSystemAudit(tx, { action: 'payment.refund_failed', targetId: failed.orderId, before: null, after: await auditDetails(tx, failed) });
    });
    return 'failed';
  }
  await deps.db.transaction(async (tx) => {
    const refunded = await recordRefunded(tx, intentId, refundId);
    if (refunded) await recordSystemAudit(tx, { action: 'payment.refunded', targetId: refunded.orderId, before: null, after: await auditDetails(tx, refunded) });
  });
  deps.log.warn({ ...about, refundId }, 'payment for an order that cannot take it: refunded');
  return 'refunded';
}
