import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_ERRORS,
  apiErrorSchema,
  paymentConfigSchema,
  paymentErrorSchema,
  paymentIntentRequestSchema,
  paymentIntentResponseSchema,
  testConfirmResponseSchema,
  testConfirmSchema,
  isUuid,
  type PaymentConfig,
} from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { ConflictError, NotFoundError } from '../lib/domain-errors';
import { findOrder, isHolding } from '../orders/orders-repository';
import { createPaymentIntentForOrder, settlePayment } from './payment-service';
import type { PaymentProvider } from './provider';
import type { TestPaymentProcessor } from './test-provider';

interface PaymentRoutesOptions {
  provider: PaymentProvider;
  /** Present when the built-in test-mode processor is the provider. */
  testProcessor: TestPaymentProcessor | null;
  clientConfig: PaymentConfig;
  holdHours: number;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, opts) => {
  const deps = { db: app.db, provider: opts.provider, holdHours: opts.holdHours, log: app.log };
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  /** Which card form the checkout shows (and Stripe's publishable key). */
  app.get('/payment-config', { schema: { response: { 200: paymentConfigSchema } } }, async () => opts.clientConfig);

  app.post(
    '/create-payment-intent',
    {
      preHandler: app.requireUser,
      schema: {
        body: paymentIntentRequestSchema,
        response: { 200: paymentIntentResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.body.orderId)) throw new NotFoundError(API_ERRORS.orderNotFound);
      return createPaymentIntentForOrder(deps, request.identity!, request.body.orderId);
    },
  );

  const processor = opts.testProcessor;
  if (!processor) return;

  /**
   * The test-mode processor's confirm call, standing in for Stripe.js: the client secret is the
   * credential, as with Stripe. On success the order is settled at once (as Stripe's webhook
   * would); the buyer's PATCH that follows is then a harmless repeat.
   */
  app.post(
    '/test-payments/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: testConfirmSchema,
        response: { 200: testConfirmResponseSchema, 400: apiErrorSchema, 402: paymentErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const intent = await processor.findByClientSecret(request.body.clientSecret);
      if (!intent) throw new NotFoundError('Payment not found');
      const order = await findOrder(app.db, intent.orderId);
      if (intent.status !== 'succeeded') {
        if (!order) throw new ConflictError(API_ERRORS.orderNotPayable);
        if (order.status === 'expired') throw new ConflictError(API_ERRORS.orderExpired);
        if (!isHolding(order)) throw new ConflictError(API_ERRORS.orderNotPayable);
      }
      const result = await processor.confirm(intent.id, request.body.card, request.body.billingDetails ?? {});
      if (!result.ok) {
        request.log.info({ intentId: intent.id, code: result.code }, 'test card declined');
        return reply.code(402).send({ statusCode: 402, message: result.message, code: result.code });
      }
      if (order) await settlePayment(deps, order, await opts.provider.retrieveIntent(intent.id));
      return { paymentIntent: { id: intent.id, status: 'succeeded' } };
    },
  );
};
