import type { RefundReason } from '../db/schema';

/**
 * What the store needs from a card payment provider. The server creates an intent for an order's
 * amount; the browser confirms it with the provider directly; the server then asks the provider
 * what happened and believes nothing else.
 */
export interface PaymentIntentSummary {
  id: string;
  /** Normalised: only `succeeded` means the money was taken. */
  status: 'succeeded' | 'processing' | 'requires_action' | 'requires_payment_method' | 'canceled' | 'other';
  amountCents: number;
  currency: string;
  /** The order this intent was created for (from the intent's metadata). */
  orderId: string | null;
}

export interface CreateIntentInput {
  orderId: string;
  amountCents: number;
  currency: 'usd';
  /** Creating twice with the same key gives the same intent. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  /** Reuses an existing intent when it still fits (same order and amount, not cancelled). */
  findReusableIntent(intentId: string, input: CreateIntentInput): Promise<{ id: string; clientSecret: string } | null>;
  /** null when the provider does not know the id. */
  retrieveIntent(intentId: string): Promise<PaymentIntentSummary | null>;
  /**
   * Gives a succeeded payment's whole amount back. Idempotent: refunding the same intent again is
   * the same one refund (`refundId` null: refunded long ago, id not given). Throws when the provider
   * refuses or cannot be reached.
   */
  refund(intentId: string, reason: RefundReason): Promise<{ refundId: string | null }>;
}
