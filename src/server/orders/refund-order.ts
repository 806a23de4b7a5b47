import type { FastifyBaseLogger } from 'fastify';
import { centsToDollars, formatCreditNoteNumber, formatOrderNumber, isRefundableStatus } from '../../shared';
import { recordAudit } from '../audit/audit-log';
import { issueCreditNote } from '../credit-notes/credit-notes-repository';
import type { AppDatabase } from '../db/client';
import type { Identity } from '../identity/identity';
import { DomainError } from '../lib/domain-errors';
import { queueMail } from '../mail/outbox';
import { orderRefundedMail, type OrderMailSettings } from '../mail/templates/order-mail';
import { recordOrderEvent } from './order-events';
import { markOrderRefunded } from './order-state';
import { lockOrder, orderState } from './orders-repository';
import { returnOrderStock } from './order-stock';
import type { PaymentProvider } from '../payments/provider';
import { claimAdminRefund, recordRefunded, recordRefundFailed } from '../payments/refunds';

interface RefundDeps {
  db: AppDatabase;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  mail: OrderMailSettings;
}

/** The provider turned the refund down: the order is as it was, and the admin is told why. */
export class RefundRefusedError extends DomainError<'REFUND_REFUSED'> {
  constructor(readonly reason: string) {
    super('REFUND_REFUSED', { reason });
  }
}

/**
 * An admin cancels a paid order, waiting to ship or shipped (REFUNDABLE_STATUSES, the one rule),
 * with a full refund through the payment provider (decision 020). In three steps, so that no order is marked refunded unless the money
 * went back, and no money goes back twice:
 * 1. With the order locked: check it may be refunded and claim the refund (a `payment_refunds` row,
 *    keyed by the payment). A second admin at the same moment finds the claim and is told so.
 * 2. Ask the provider, outside any transaction (a Stripe call must not hold the database). It is
 *    idempotent per payment, so a retry after a crash refunds once.
 * 3. On success, in one transaction: the order becomes `refunded`, its units go back on sale if
 *    they never left (a shipped order's come back by hand, once inspected), its credit note (decision 049), the buyer's mail, the audit entry and the timeline's moment. On refusal: the claim is marked
 *    failed, the timeline says why, and the admin reads the provider's reason; the order is unchanged.
 */
export async function refundOrder(deps: RefundDeps, orderId: string, admin: Identity): Promise<void> {
  const claimed = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new DomainError('ORDER_NOT_FOUND');
    if (!order.paid || !order.transactionId || !isRefundableStatus(order.status)) {
      throw new DomainError('ORDER_NOT_REFUNDABLE', { state: orderState(order) });
    }
    await claimAdminRefund(tx, deps.provider.name, { ...order, transactionId: order.transactionId });
    return { transactionId: order.transactionId };
  });

  let refundId: string | null;
  try {
    ({ refundId } = await deps.provider.refund(claimed.transactionId, 'cancelled-by-admin'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn({ orderId, err: error }, 'the payment provider refused an admin refund; the order is unchanged');
    await deps.db.transaction(async (tx) => {
      await recordRefundFailed(tx, claimed.transactionId, reason);
      await recordOrderEvent(tx, orderId, 'refund_failed', admin.email, { reason: reason.slice(0, 300) });
    });
    throw new RefundRefusedError(reason);
  }

  await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new DomainError('ORDER_NOT_FOUND');
    // The money is back whatever happened meanwhile: the order says so. (Shipping waits while a
    // refund is claimed, so an order waiting to ship is still waiting here.)
    const refunded = await markOrderRefunded(tx, orderId, admin.email, { refundId, transactionId: claimed.transactionId });
    // The credit note that corrects the invoice in full, with the next number of its own sequence
    // (decision 049): issued by the change that makes the order refunded, and by no other.
    const creditNoteNumber = refunded ? await issueCreditNote(tx, orderId) : null;
    if (order.status === 'pending') await returnOrderStock(tx, order.lines);
    await recordRefunded(tx, claimed.transactionId, refundId);
    const number = formatOrderNumber(order.number);
    await recordAudit(tx, admin, {
      action: 'order.refunded',
      targetId: orderId,
      before: { number, email: order.email, status: order.status, total: centsToDollars(order.totalCents) },
      after: { number, status: 'refunded', refundId, creditNote: creditNoteNumber === null ? null : formatCreditNoteNumber(creditNoteNumber) },
    });
    await queueMail(tx, orderRefundedMail(order, deps.mail, creditNoteNumber));
  });
}
