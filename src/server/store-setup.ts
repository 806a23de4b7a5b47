import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentConfig } from '../shared';
import type { OrderMailSettings } from './mail/templates/order-mail';
import type { PaymentProvider } from './payments/provider';
import type { TestPaymentProcessor } from './payments/test-provider';

/** What the store is, read once from the configuration at start: every route that needs it reads `app.store`. */
export interface StoreSetup {
  /** The store's public address (PUBLIC_URL), for the links in mail. */
  publicUrl: string;
  /** How long an unpaid order may be paid (ORDER_PAY_MINUTES). */
  payMinutes: number;
  /** What every order mail needs besides the order. */
  orderMail: OrderMailSettings;
  /** The payment provider in use, and the built-in test processor when it is that one. */
  payments: { provider: PaymentProvider; testProcessor: TestPaymentProcessor | null; clientConfig: PaymentConfig };
}

declare module 'fastify' {
  interface FastifyInstance {
    store: StoreSetup;
  }
}

export interface StoreSetupOptions {
  publicUrl: string;
  payMinutes: number;
  payments: StoreSetup['payments'];
}

/** Decorates `app.store`, assembled here once rather than rebuilt by each plugin from its options. */
async function storeSetupPlugin(app: FastifyInstance, opts: StoreSetupOptions) {
  const settings: StoreSetup = {
    publicUrl: opts.publicUrl,
    payMinutes: opts.payMinutes,
    orderMail: Object.freeze({ storeUrl: opts.publicUrl, payMinutes: opts.payMinutes }),
    payments: opts.payments,
  };
  app.decorate('store', Object.freeze(settings));
}

export default fp(storeSetupPlugin, { name: 'store-setup' });
