import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

// Only the SDK's webhook helpers are used from this client: it never makes a request.
const stripe = new Stripe('sk_test_unused', { telemetry: false });

/** The body of the `payment_intent.succeeded` event Stripe would send for `intent`, as Stripe sends it. */
export function paymentSucceededEvent(intent: { id: string; amount: number; currency: string; metadata: Record<string, string> }): string {
  return JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
    data: { object: { object: 'payment_intent', status: 'succeeded', ...intent } },
  });
}

/** The Stripe-Signature header Stripe would send with `payload`, signed with the endpoint's secret. */
export const signWebhook = (payload: string, secret: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });

/** Delivers a webhook to the store as Stripe does; a null signature sends none. */
export const sendStripeWebhook = (app: FastifyInstance, payload: string, signature: string | null) =>
  app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
