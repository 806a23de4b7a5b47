import type Stripe from 'stripe';
import type { CreateIntentInput, PaymentIntentSummary, PaymentProvider } from './provider';

export interface StripeProviderConfig {
  secretKey: string;
  /** Only for tests: a local stand-in for api.stripe.com (e.g. `http://127.0.0.1:4242`). */
  apiUrl: string | null;
}

/** What a real PaymentIntent id looks like; anything else is refused without asking Stripe. */
const INTENT_ID = /^pi_[A-Za-z0-9]{1,200}$/;

/**
 * The official SDK, pointed at api.stripe.com or, in tests, at a local stand-in server. Loaded only
 * when Stripe is the provider: about 17 MB of memory a store on the built-in test processor (the
 * default install) would otherwise carry for nothing.
 */
async function createStripeClient(config: StripeProviderConfig): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new StripeSdk(config.secretKey, {
    maxNetworkRetries: 2,
    telemetry: false,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

const STATUSES: Record<Stripe.PaymentIntent.Status, PaymentIntentSummary['status']> = {
  succeeded: 'succeeded',
  processing: 'processing',
  requires_action: 'requires_action',
  requires_payment_method: 'requires_payment_method',
  canceled: 'canceled',
  requires_confirmation: 'other',
  requires_capture: 'other',
};

export function summariseIntent(intent: Stripe.PaymentIntent): PaymentIntentSummary {
  return {
    id: intent.id,
    status: STATUSES[intent.status] ?? 'other',
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
  };
}

const isMissing = (client: Stripe, error: unknown) =>
  error instanceof client.errors.StripeError && (error.code === 'resource_missing' || error.statusCode === 404);

/**
 * The Stripe provider: intents live at Stripe; the browser confirms them with Stripe.js; the
 * server reads them back with the secret key and believes nothing the browser says about them.
 */
export async function createStripePaymentProvider(config: StripeProviderConfig) {
  const client = await createStripeClient(config);
  /** The intent, or null when Stripe does not know it (or the id cannot be one). */
  async function retrieve(intentId: string): Promise<Stripe.PaymentIntent | null> {
    if (!INTENT_ID.test(intentId)) return null;
    try {
      return await client.paymentIntents.retrieve(intentId);
    } catch (error) {
      if (isMissing(client, error)) return null;
      throw error;
    }
  }

  const clientSecretOf = (intent: Stripe.PaymentIntent) => {
    if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  };

  const provider: PaymentProvider = {
    name: 'stripe',
    async createIntent(input: CreateIntentInput) {
      const params = {
        amount: input.amountCents,
        currency: input.currency,
        metadata: { orderId: input.orderId },
        automatic_payment_methods: { enabled: true },
      };
      let intent = await client.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey });
      // Stripe replays the key's first answer for 24 hours, even once that intent was cancelled
      // (say, in the Dashboard). A cancelled intent cannot be paid, so derive the next key from it:
      // still one key per situation, so concurrent callers still share one new intent.
      for (let attempt = 0; intent.status === 'canceled' && attempt < 3; attempt += 1) {
        intent = await client.paymentIntents.create(params, { idempotencyKey: `${input.idempotencyKey}-after-${intent.id}` });
      }
      if (intent.status === 'canceled') throw new Error(`Stripe keeps answering a cancelled payment intent for order ${input.orderId}`);
      return clientSecretOf(intent);
    },
    async findReusableIntent(intentId, input) {
      const intent = await retrieve(intentId);
      // A succeeded intent is reused too: a second intent could charge the buyer twice.
      const fits =
        intent &&
        intent.metadata?.orderId === input.orderId &&
        intent.amount === input.amountCents &&
        intent.currency === input.currency &&
        intent.status !== 'canceled';
      return fits ? clientSecretOf(intent) : null;
    },
    async retrieveIntent(intentId) {
      const intent = await retrieve(intentId);
      return intent ? summariseIntent(intent) : null;
    },
    async refund(intentId, reason) {
      const params: Stripe.RefundCreateParams = {
        payment_intent: intentId,
        metadata: { reason },
        // Stripe's own reasons are few; a second payment for one order is its "duplicate".
        ...(reason === 'paid-another-way' ? { reason: 'duplicate' as const } : {}),
      };
      try {
        // One key per payment: every process and retry that refunds it gets the same one refund.
        const refund = await client.refunds.create(params, { idempotencyKey: `refund-${intentId}` });
        return { refundId: refund.id };
      } catch (error) {
        // Past Stripe's 24-hour key window a repeat is refused as already refunded: that is the goal.
        if (error instanceof client.errors.StripeError && error.code === 'charge_already_refunded') return { refundId: null };
        throw error;
      }
    },
  };
  return { provider, client };
}

export type StripePayments = Awaited<ReturnType<typeof createStripePaymentProvider>>;
