import { FIRST_VISIT_API_ERRORS as API_ERRORS, TOASTS } from '../../shared';

/**
 * What a failed request means for the person. Only a refused credential (401, or our API's 403)
 * means "signed out". A 429, a gateway that timed out or had no app behind it (502-504), or no
 * answer at all means the store is busy or out of reach: the person stays signed in, the page
 * keeps what it shows, and they try again in a moment. (Answering a rate-limited session check
 * with "you are signed out" sent people to the login page while they were still signed in.)
 */

/** Statuses after which the same request may well succeed a moment later. */
const BUSY_STATUSES = new Set([0, 408, 429, 502, 503, 504]);
/** Tries of a read after a busy answer, besides the first. */
const BUSY_RETRIES = 3;

export const NO_CONNECTION = 'Could not reach the store. Check your connection and try again.';

/**
 * The HTTP status behind an error from our API client (ApiRequestError, 0 when nothing answered)
 * or the identity client (its `{ status }` errors); null when unknown.
 */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

export function meansSignedOut(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || status === 403;
}

export function isStoreBusy(error: unknown): boolean {
  const status = statusOf(error);
  return status !== null && BUSY_STATUSES.has(status);
}

function serverMessageOf(error: unknown): string | null {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.length > 0 ? message : null;
}

/**
 * The sentence to show for a failed request: a specific 429 reason the server gave ("posting
 * reviews too fast") as it is, the busy text for other 429s and 502-504, the connection text
 * when nothing answered, the server's own message for other 4xx, else `fallback`.
 */
export function failureMessage(error: unknown, fallback: string = TOASTS.tryAgain): string {
  const status = statusOf(error);
  const serverMessage = serverMessageOf(error);
  if (status === 0) return NO_CONNECTION;
  if (status === 429 && serverMessage && serverMessage !== API_ERRORS.tooManyRequests) return serverMessage;
  if (isStoreBusy(error)) return TOASTS.storeBusy;
  if (status !== null && status >= 400 && status < 500 && serverMessage) return serverMessage;
  return fallback;
}

/** How often TanStack Query tries a failed read again: busy answers a few times, other 4xx never. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isStoreBusy(error)) return failureCount < BUSY_RETRIES;
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** 1 s, 2 s, 4 s ... (at most 10 s) between tries, so a busy store is not asked again at once. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 10_000);
}
