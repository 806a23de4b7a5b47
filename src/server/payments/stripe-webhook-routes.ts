import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, isUuid } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { PaymentNotSettledError } from './refunds';
import type { PaymentIntentSummary, PaymentProvider } from './provider';

interface StripeWebhookOptions {
  client: Stripe;
  webhookSecret: string;
  provider: PaymentProvider;
  /**
   * Settles the order with this succeeded payment, or refunds it when it no longer can (the order's
   * lifecycle: orders/order-payment.ts). Answers the number of orders modified.
   */
  settle: (orderId: string, intent: PaymentIntentSummary, log: FastifyBaseLogger) => Promise<number>;
}

/** Stripe's events are a few kilobytes; the limit only keeps junk out. */
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

const receivedSchema = z.object({ received: z.literal(true) });

/**
 * POST /api/stripe/webhook. Stripe signs each event over the exact bytes it sends, so this plugin
 * (its own encapsulated context) keeps the JSON body as a raw Buffer instead of parsing it; the
 * signature is checked first and the event is parsed by the SDK only after that.
 *
 * On `payment_intent.succeeded` the intent is read back from Stripe (the event is a hint, the API
 * is the truth) and settled through `settle`, exactly as the buyer's PATCH would. A payment
 * that does not fit its order is logged and acknowledged: Stripe would otherwise retry it for days.
 * A succeeded payment whose order is gone (deleted before or while the event came) is refunded.
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
      schema: {
        summary: "Stripe's events about payments (signed by Stripe)",
        tags: ['payments'],
        response: { 200: receivedSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      const raw = request.body;
      if (typeof signature !== 'string' || !signature || !Buffer.isBuffer(raw)) throw new DomainError('INVALID_SIGNATURE');
      let event: Stripe.Event;
      try {
        event = opts.client.webhooks.constructEvent(raw, signature, opts.webhookSecret);
      } catch (error) {
        request.log.warn({ err: error }, 'refused a Stripe webhook with a bad signature');
        throw new DomainError('INVALID_SIGNATURE');
      }
      request.log.info({ eventId: event.id, type: event.type }, 'Stripe webhook event');
      if (event.type !== 'payment_intent.succeeded') return { received: true as const };

      const sent = event.data.object;
      const orderId = sent.metadata?.orderId;
      if (!orderId || !isUuid(orderId)) {
        request.log.warn({ eventId: event.id, intentId: sent.id, orderId }, 'Stripe payment for no order of this store: ignored');
        return { received: true as const };
      }
      // Believe the API, not the event body: a provider error here answers 500 and Stripe retries.
      const intent = await opts.provider.retrieveIntent(sent.id);
      if (intent?.status !== 'succeeded' || intent.orderId !== orderId) {
        request.log.warn({ eventId: event.id, intentId: sent.id, orderId }, 'Stripe payment not succeeded for this order: acknowledged without change');
        return { received: true as const };
      }
      try {
        // The order may have been deleted before this event came: then the payment is refunded.
        const modified = await opts.settle(orderId, intent, request.log);
        request.log.info({ orderId, intentId: sent.id, modified }, 'Stripe payment settled');
      } catch (error) {
        // A refund that failed is recorded for admins; answering 500 makes Stripe send the event
        // again later, and that delivery tries the refund again.
        if (error instanceof PaymentNotSettledError && !error.refunded) throw new Error(`refund of Stripe payment ${sent.id} failed`);
        if (!(error instanceof DomainError)) throw error;
        request.log.warn(
          { orderId, intentId: sent.id, kind: error.kind, reason: error.message },
          'Stripe payment could not settle its order: acknowledged',
        );
      }
      return { received: true as const };
    },
  );
};
