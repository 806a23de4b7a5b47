import { TOASTS, type ApiErrorCode } from '../../shared';

/**
 * What a failed request means for the person. Only a refused credential (401, or our API's 403)
 * means "signed out". A 429, a gateway that timed out or had no app behind it (502-504), or no
 * answer at all means the store is busy or out of reach: the person stays signed in, the page
 * keeps what it shows, and they try again in a moment. (Answering a rate-limited session check
 * with "you are signed out" sent people to the login page while they were still signed in.)
 *
 * These rules read the status, not the store's code (decision 043), because they are about the
 * transport: no answer, a proxy's or gateway's answer without our body, the bearer token's
 * refusal that the spec words as "a 401 or 403 on a protected call", and the identity client's
 * errors, which carry better-auth's codes. What a refusal is about is branched on by its code
 * (`isApiError` in api-client.ts).
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

/** The code an answer carried (the store's, or better-auth's on the identity routes), if any. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The rate limiter's refusal, which says only "busy"; the store's own limits say why. */
const RATE_LIMITED: ApiErrorCode = 'TOO_MANY_REQUESTS';

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
 * The sentence to show for a failed request: a 429 for a limit of the store's own ("posting
 * reviews too fast": a code other than the rate limiter's) in the server's words, the busy text
 * for other 429s and 502-504, the connection text when nothing answered, the server's own message
 * for other 4xx, else `fallback`.
 */
export function failureMessage(error: unknown, fallback: string = TOASTS.tryAgain): string {
  const status = statusOf(error);
  const serverMessage = serverMessageOf(error);
  if (status === 0) return NO_CONNECTION;
  const code = codeOf(error);
  if (status === 429 && serverMessage && code !== undefined && code !== RATE_LIMITED) return serverMessage;
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
