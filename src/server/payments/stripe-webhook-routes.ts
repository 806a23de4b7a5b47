import type Stripe from 'stripe';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, isUuid } from '../../shared';
import { setNoStore } from '../lib/cache-headers';
import { DomainError } from '../lib/domain-errors';
import { findOrder } from '../orders/orders-repository';
import { settlePaymentOf } from './payment-service';
import { PaymentNotSettledError } from './refunds';
import type { PaymentProvider } from './provider';

interface StripeWebhookOptions {
  client: Stripe;
  webhookSecret: string;
  provider: PaymentProvider;
  payMinutes: number;
  /** The store's public address, for the links in the receipt mail. */
  storeUrl: string;
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
 * is the truth) and settled through `settlePayment`, exactly as the buyer's PATCH would. A payment
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
      // The order may have been deleted before this event came: then the payment is refunded.
      const lastSeen = await findOrder(app.db, orderId);
      const mail = { storeUrl: opts.storeUrl, payMinutes: opts.payMinutes };
      const deps = { db: app.db, provider: opts.provider, payMinutes: opts.payMinutes, log: request.log, mail };
      try {
        const modified = await settlePaymentOf(deps, { orderId, lastSeen, intent });
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
