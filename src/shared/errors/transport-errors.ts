/**
 * Codes about the request itself rather than the store: its shape, its size, its method, its
 * rate, its headers, or the server's own state. Only the server's errors plugin gives them their
 * status and words (server/plugins/transport-errors.ts), and no domain code raises them (decision
 * 043). They are listed here because they are part of the API's contract: a client may receive
 * any of them (apiErrorSchema) and branch on it.
 */
export const TRANSPORT_ERROR_CODES = [
  /** A body, query or parameter that does not match the route's schema; `errors` names each field. */
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'BODY_TOO_DEEP',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** A refusal Fastify or a plugin raised with a 4xx status of its own, which the answer keeps. */
  'REQUEST_REFUSED',
  /** No such address (a route, a sitemap file). */
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  /** The rate limiter's refusal (Retry-After says when to try again). */
  'TOO_MANY_REQUESTS',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  /** A cookie-authenticated write from another origin. */
  'CROSS_SITE_REFUSED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type TransportErrorCode = (typeof TRANSPORT_ERROR_CODES)[number];

/** The data a transport code carries in the error body; the codes not listed carry none. */
interface TransportErrorDataByCode {
  METHOD_NOT_ALLOWED: { allow: string[] };
  /** Fastify's own sentence. */
  REQUEST_REFUSED: { reason: string };
  /** The first field's problem, which is the detail (the body repeats it in `errors`, not as a member). */
  VALIDATION_FAILED: { firstProblem: string };
}

export type TransportErrorData<C extends TransportErrorCode> = C extends keyof TransportErrorDataByCode ? TransportErrorDataByCode[C] : undefined;
