import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../shared/constants';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import type { PaymentConfig, PaymentIntentResponse, TestConfirmResponse } from '../../../../shared/schemas/orders';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { authedRequest } from '../../../lib/authed-request';
import type { ModifiedCount } from '../../../../shared/schemas/accounts';

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-config'],
    queryFn: ({ signal }) => apiGet<PaymentConfig>('/payment-config', signal),
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}

/**
 * POST /create-payment-intent. The server works out the amount from the order; asking again for
 * the same order gives the same intent, so this is safe to treat as a query. The checkout page
 * gives it one Idempotency-Key per visit, so a retried request gets the first answer.
 */
export const paymentIntentQueryOptions = (orderId: string, idempotencyKey: string) =>
  queryOptions({
    queryKey: ['payment-intent', orderId, idempotencyKey],
    queryFn: async () =>
      (
        await authedRequest<PaymentIntentResponse>('/create-payment-intent', {
          method: 'POST',
          body: { orderId },
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        })
      ).data,
    staleTime: Infinity,
    retry: false,
  });

export function usePaymentIntent(orderId: string, enabled: boolean) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  return useQuery({ ...paymentIntentQueryOptions(orderId, idempotencyKey), enabled });
}

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** The built-in test-mode processor's confirm call (the stand-in for Stripe.js). */
export async function confirmTestPayment(
  clientSecret: string,
  card: TestCard,
  billingDetails: { name: string; email: string; phone: string },
) {
  return (
    await apiRequest<TestConfirmResponse>('/test-payments/confirm', {
      method: 'POST',
      body: { clientSecret, card, billingDetails },
    })
  ).data;
}

/**
 * POST /orders/{id}/payment after the provider confirmed: the server asks the provider itself, so
 * the payment's id is all it needs. (The spec's PATCH /order/{id} {status: 'pending'} does the same.)
 */
export async function reportPayment(orderId: string, transactionId: string) {
  return (
    await authedRequest<ModifiedCount>(`/orders/${encodeURIComponent(orderId)}/payment`, {
      method: 'POST',
      body: { transactionId },
    })
  ).data;
}
