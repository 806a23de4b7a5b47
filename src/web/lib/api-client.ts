import type { ApiError, ApiErrorCode } from '../../shared';
import { FIRST_VISIT_API_ERRORS as API_ERRORS } from '../../shared';
import { NO_CONNECTION } from './request-failure';

/**
 * An API answer that was not 2xx: `message` is the server's `detail` (already worded for people),
 * `code` its stable code (NOT_ENOUGH_STOCK, ...) to branch on. The store answers RFC 9457 problem
 * details (decision 033).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiError> | null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The server's stable code; undefined when no store answer came (no connection, a proxy's page). */
  get code(): string | undefined {
    return typeof this.body?.code === 'string' ? this.body.code : undefined;
  }

  /**
   * The error a non-2xx answer's body (parsed, or null) stands for. The store's routes say it in
   * `detail`; the identity routes (/api/auth/*, read here for the session) in better-auth's `message`.
   */
  static fromResponse(status: number, body: unknown): ApiRequestError {
    const problem = body !== null && typeof body === 'object' ? (body as Partial<ApiError> & { message?: unknown }) : null;
    const words = [problem?.detail, problem?.message].find((text): text is string => typeof text === 'string');
    return new ApiRequestError(status, words ?? API_ERRORS.internal, problem);
  }
}

/**
 * Whether a failed request is the store's refusal with one of these codes (src/shared/errors):
 * what to branch on, rather than the status, when what matters is what happened
 * (`isApiError(failure, 'CARD_DECLINED', 'PAYMENT_NOT_COMPLETED')`). The status stays the word
 * for the transport: no answer (0), a busy or unreachable store (request-failure.ts).
 */
export function isApiError<C extends ApiErrorCode>(error: unknown, ...codes: [C, ...C[]]): error is ApiRequestError & { readonly code: C } {
  return error instanceof ApiRequestError && (codes as readonly string[]).includes(error.code ?? '');
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** Calls `/api{path}` with JSON in and out. Throws ApiRequestError on a non-2xx answer. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, NO_CONNECTION, null);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok) throw ApiRequestError.fromResponse(response.status, body);
  return { data: body as T, headers: response.headers };
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}
