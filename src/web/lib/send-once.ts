import { IDEMPOTENCY_KEY_HEADER } from '../../shared/constants';
import { ApiRequestError, type ApiResponse } from './api-client';
import { newIdempotencyKey } from './idempotency-key';

/** How often a request is sent again after the connection dropped, and how long between tries. */
const RETRIES = 2;
const RETRY_AFTER_MS = 1_000;

/**
 * Sends a request that creates something (an order) with a fresh Idempotency-Key, and sends it
 * again with the same key when no answer came back (the connection dropped: the server may or may
 * not have done it). The server does a keyed request once and answers a repeat with the first
 * answer, so the customer ends up with exactly one order. Any answer, success or refusal, is final.
 */
export async function sendOnce<T>(send: (headers: Record<string, string>) => Promise<ApiResponse<T>>): Promise<T> {
  const headers = { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return (await send(headers)).data;
    } catch (error) {
      const noAnswer = error instanceof ApiRequestError && error.status === 0;
      if (!noAnswer || attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    }
  }
}
