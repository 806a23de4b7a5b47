import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentConfigSchema, type PaymentConfig } from '../../shared';
import { setNoStore } from '../lib/cache-headers';

/**
 * What the browser needs to know of the payment provider. The routes that pay, settle and refund
 * an order are the order's (orders/payment-routes.ts); this folder holds the providers and the
 * refund claims they work through.
 */
export const paymentConfigRoutes: FastifyPluginAsyncZod<{ clientConfig: PaymentConfig }> = async (app, opts) => {
  app.addHook('onSend', async (_request, reply) => setNoStore(reply));

  /** Which card form the checkout shows (and Stripe's publishable key). */
  app.get(
    '/payment-config',
    {
      schema: {
        summary: "Which card form the checkout shows, and Stripe's publishable key",
        tags: ['payments'],
        response: { 200: paymentConfigSchema },
      },
    },
    async () => opts.clientConfig,
  );
};
