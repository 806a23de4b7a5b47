import type Stripe from 'stripe';
import type { PaymentConfig } from '../../shared';
import type { PaymentsConfig } from '../config';
import type { AppDatabase } from '../db/client';
import type { PaymentProvider } from './provider';
import { createTestPaymentProvider, type TestPaymentProcessor } from './test-provider';

export interface Payments {
  provider: PaymentProvider;
  testProcessor: TestPaymentProcessor | null;
  /** What the browser is told (never a secret). */
  clientConfig: PaymentConfig;
  /** Present when Stripe is the provider: what its webhook endpoint needs. */
  stripe: { client: Stripe; webhookSecret: string } | null;
}

/** The configured card payment provider: the built-in test-mode processor, or Stripe. */
export async function createPaymentProvider(config: PaymentsConfig, db: AppDatabase): Promise<Payments> {
  if (config.provider === 'stripe') {
    // Its module (and the SDK with it) is loaded only here, when Stripe is the provider.
    const { createStripePaymentProvider } = await import('./stripe-provider');
    const { provider, client } = await createStripePaymentProvider({ secretKey: config.secretKey, apiUrl: config.apiUrl });
    return {
      provider,
      testProcessor: null,
      clientConfig: { provider: 'stripe', publishableKey: config.publishableKey },
      stripe: { client, webhookSecret: config.webhookSecret },
    };
  }
  const testProcessor = createTestPaymentProvider(db);
  return { provider: testProcessor.provider, testProcessor, clientConfig: { provider: 'test' }, stripe: null };
}
