import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  paymentErrorSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  testConfirmResponseSchema,
  testConfirmSchema,
  isUuid,
} from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { fingerprintOf, idempotencyKeyOf, rememberAnswer } from '../idempotency/idempotency';
import { isPastPayBy, lockOrderWithStock } from './orders-repository';
import { lockStockFor, stockCheckOf } from './order-stock';
import { orderPaymentRoutes } from './order-payment-routes';
import { createPaymentIntentForOrder, finishSettlement, paymentDepsOf, refuseExpired, refuseUnpayable } from './order-payment';
import { settleLocked, stockLastThenFirst } from './settle-payment';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payMinutes, payments } = app.store;
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.post(
    '/create-payment-intent',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Start paying one's order: a client secret for the card form",
        tags: ['payments'],
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const identity = request.identity!;
      const key = idempotencyKeyOf(request);
      const { orderId } = request.body;
      const keyed = key ? { userId: identity.userId, key, fingerprint: fingerprintOf('create-payment-intent', { orderId }) } : null;
      const answer = await rememberAnswer(app.db, keyed, async () => {
        if (!isUuid(orderId)) throw new DomainError('ORDER_NOT_FOUND');
        return { statusCode: 200, body: await createPaymentIntentForOrder(paymentDepsOf(app, request.log), identity, orderId) };
      });
      return answer.body;
    },
  );

  await app.register(orderPaymentRoutes);

  const processor = payments.testProcessor;
  if (!processor) return;

  /**
   * The test-mode processor's confirm call, standing in for Stripe.js: the client secret is the
   * credential, as with Stripe. On success the order is settled at once (as Stripe's webhook
   * would); the buyer's PATCH that follows is then a harmless repeat. The charge commits with the
   * settlement or not at all: the order's row is locked from before the charge, so a delete (or
   * expiry) lands either before it (nothing is charged) or after the order is paid (409 there). Its
   * tools' rows are locked from the take, the settlement's last write (decision 044, ninth round): a
   * tool removed or sold out before then makes the take fail and the charge roll back, and the
   * second run, checking the stock under the tools' locks, refuses the payment, nothing charged.
   */
  app.post(
    '/test-payments/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Confirm a card payment with the test-mode processor (test mode only)',
        tags: ['payments'],
        body: testConfirmSchema,
        response: { 200: testConfirmResponseSchema, 400: apiErrorSchema, 402: paymentErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const found = await processor.findByClientSecret(request.body.clientSecret);
      if (!found) throw new DomainError('PAYMENT_NOT_FOUND');
      const context = { provider: payments.provider.name, log: request.log };
      const outcome = await stockLastThenFirst((stockFirst) =>
        app.db.transaction(async (tx) => {
          const locked = await lockOrderWithStock(tx, found.orderId);
          const order = locked?.order ?? null;
          // Past its time to pay: no charge; expired after this transaction, and refused.
          if (order && isPastPayBy(order, payMinutes)) return { kind: 'expired' as const };
          const charge = await processor.confirm(found.id, request.body.card, request.body.billingDetails ?? {}, tx);
          const repeat = charge.ok && charge.alreadySucceeded && charge.intent?.status === 'succeeded';
          // A card is charged only for an order that can still be paid, with its stock there: a
          // refusal here rolls the charge (or a decline's note) back with the transaction. The stock
          // is as read with the order (the take checks again), or on the second run locked here.
          const lockedStock = stockFirst && !repeat && order ? await lockStockFor(tx, order.lines) : null;
          if (!repeat) refuseUnpayable(order, locked ? (lockedStock ?? stockCheckOf(locked.order.lines, locked.stock)) : null);
          if (!charge.ok) return { kind: 'declined' as const, declined: charge };
          const payment = { orderId: found.orderId, lastSeen: order, intent: charge.intent };
          const options = { lockedOrder: order, chargedHere: !charge.alreadySucceeded, stockFirst, lockedStock };
          return { kind: 'charged' as const, settlement: await settleLocked(tx, payment, context, options) };
        }),
      );
      if (outcome.kind === 'expired') return refuseExpired({ db: app.db, payMinutes }, found.orderId);
      if (outcome.kind === 'declined') {
        const { declined } = outcome;
        request.log.info({ intentId: found.id, code: declined.code }, 'test card declined');
        throw new DomainError('CARD_DECLINED', { declineCode: declined.code, providerMessage: declined.message });
      }
      await finishSettlement(paymentDepsOf(app, request.log), outcome.settlement);
      return { paymentIntent: { id: found.id, status: 'succeeded' as const } };
    },
  );
};
