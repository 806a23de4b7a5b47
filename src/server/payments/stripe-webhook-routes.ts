import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, isUuid } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError, InvalidInputError } from '../lib/domain-errors';
import { findOrder } from '../orders/orders-repository';
import { settlePayment } from './payment-service';
import type { PaymentProvider } from './provider';

interface StripeWebhookOptions {
  client: Stripe;
  webhookSecret: string;
  provider: PaymentProvider;
  holdHours: number;
}

/** Stripe's events are a few kilobytes; the limit only keeps junk out. */
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;
const INVALID_SIGNATURE = 'Invalid Stripe signature';

const receivedSchema = z.object({ received: z.literal(true) });

/**
 * POST /api/stripe/webhook. Stripe signs each event over the exact bytes it sends, so this plugin
 * (its own encapsulated context) keeps the JSON body as a raw Buffer instead of parsing it; the
 * signature is checked first and the event is parsed by the SDK only after that.
 *
 * On `payment_intent.succeeded` the intent is read back from Stripe (the event is a hint, the API
 * is the truth) and settled through `settlePayment`, exactly as the buyer's PATCH would. A payment
 * that does not fit its order is logged and acknowledged: Stripe would otherwise retry it for days.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeWebhookOptions> = async (app, opts) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  app.post(
    '/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: { response: { 200: receivedSchema, 400: apiErrorSchema } },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !signature || !Buffer.isBuffer(raw)) throw new InvalidInputError(INVALID_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = opts.client.webhooks.constructEvent(raw, signature, opts.webhookSecret);
      } catch (error) {
        request.log.warn({ err: error }, 'refused a Stripe webhook with a bad signature');
        throw new InvalidInputError(INVALID_SIGNATURE);
      }
      request.log.info({ eventId: event.id, type: event.type }, 'Stripe webhook event');
      if (event.type !== 'payment_intent.succeeded') return { received: true as const };

      const sent = event.data.object;
      const orderId = sent.metadata?.orderId;
      const known = orderId && isUuid(orderId) ? await findOrder(app.db, orderId) : null;
      if (!known) {
        request.log.warn({ eventId: event.id, intentId: sent.id, orderId }, 'Stripe payment for no known order: ignored');
        return { received: true as const };
      }
      // Believe the API, not the event body: a provider error here answers 500 and Stripe retries.
      const intent = await opts.provider.retrieveIntent(sent.id);
      // Read the order again after the round trip to Stripe: it may have expired meanwhile.
      const order = await findOrder(app.db, known.id);
      if (!order) {
        request.log.error({ eventId: event.id, intentId: sent.id, orderId }, 'Stripe payment for an order deleted meanwhile: refund needed');
        return { received: true as const };
      }
      const deps = { db: app.db, provider: opts.provider, holdHours: opts.holdHours, log: request.log };
      try {
        const modified = await settlePayment(deps, order, intent);
        request.log.info({ orderId: order.id, intentId: sent.id, modified }, 'Stripe payment settled');
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        const refundNeeded = order.paid && order.transactionId !== sent.id;
        request.log[refundNeeded ? 'error' : 'warn'](
          { orderId: order.id, intentId: sent.id, kind: error.kind, reason: error.message },
          refundNeeded
            ? 'Stripe payment for an order already paid by another payment: refund needed'
            : 'Stripe payment could not settle its order: acknowledged without change',
        );
      }
      return { received: true as const };
    },
  );
};
