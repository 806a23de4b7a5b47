import type { ApiError } from '../../shared';
import { FIRST_VISIT_API_ERRORS as API_ERRORS } from '../../shared';
import { NO_CONNECTION } from './request-failure';

/** An API answer that was not 2xx, with the server's message (already worded for people). */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiError> | null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
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
  if (!response.ok) {
    const message = typeof body?.message === 'string' ? body.message : API_ERRORS.internal;
    throw new ApiRequestError(response.status, message, body);
  }
  return { data: body as T, headers: response.headers };
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}
