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
}

/** The configured card payment provider: the built-in test-mode processor, or Stripe. */
export function createPaymentProvider(config: PaymentsConfig, db: AppDatabase): Payments {
  if (config.provider === 'stripe') {
    throw new Error('The Stripe provider is not available yet');
  }
  const testProcessor = createTestPaymentProvider(db);
  return { provider: testProcessor.provider, testProcessor, clientConfig: { provider: 'test' } };
}
