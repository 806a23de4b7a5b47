import { API_ERRORS, type TransportErrorCode, type TransportErrorData } from '../../shared';

/**
 * The transport errors, defined here alone (decision 043): each code's HTTP status and words. They
 * are about the request, not the store: how it was sent (its JSON, size, media type, method,
 * headers), how often (the rate limiter), or that the server cannot answer it now (the database
 * away, a bug). The errors plugin raises most of them from Fastify's own errors; code at the HTTP
 * edge (the router's 404 and 405, the rate limiter, the Idempotency-Key check, the cross-site
 * check) throws a TransportError with the code, and this table gives it a status and a sentence.
 */
export const TRANSPORT_ERRORS: { [C in TransportErrorCode]: { status: number; detail: (data: TransportErrorData<C>) => string } } = {
  VALIDATION_FAILED: { status: 400, detail: ({ firstProblem }) => firstProblem },
  INVALID_JSON: { status: 400, detail: () => API_ERRORS.invalidJson },
  BODY_TOO_DEEP: { status: 400, detail: () => API_ERRORS.bodyTooDeep },
  BODY_TOO_LARGE: { status: 413, detail: () => API_ERRORS.bodyTooLarge },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, detail: () => API_ERRORS.unsupportedMediaType },
  /** 400 unless Fastify's error says which 4xx (the plugin keeps it). */
  REQUEST_REFUSED: { status: 400, detail: ({ reason }) => reason },
  NOT_FOUND: { status: 404, detail: () => API_ERRORS.notFound },
  METHOD_NOT_ALLOWED: { status: 405, detail: () => API_ERRORS.methodNotAllowed },
  TOO_MANY_REQUESTS: { status: 429, detail: () => API_ERRORS.tooManyRequests },
  IDEMPOTENCY_KEY_INVALID: { status: 400, detail: () => API_ERRORS.idempotencyKeyInvalid },
  // The IETF Idempotency-Key draft's status for a key reused with another request.
  IDEMPOTENCY_KEY_REUSED: { status: 422, detail: () => API_ERRORS.idempotencyKeyReused },
  CROSS_SITE_REFUSED: { status: 403, detail: () => API_ERRORS.crossSiteRefused },
  DATABASE_UNAVAILABLE: { status: 503, detail: () => API_ERRORS.databaseUnavailable },
  /** 500 unless the error says which 5xx (the plugin keeps it). */
  INTERNAL_ERROR: { status: 500, detail: () => API_ERRORS.internal },
};

/** A transport error's status and sentence. */
export function describeTransportError(code: TransportErrorCode, data: Record<string, unknown>): { status: number; detail: string } {
  const spec = TRANSPORT_ERRORS[code] as { status: number; detail: (data: unknown) => string };
  return { status: spec.status, detail: spec.detail(data) };
}
