import { apiRequest, ApiRequestError, type ApiRequest, type ApiResponse } from './api-client';
import { FIRST_VISIT_API_ERRORS as API_ERRORS } from '../../shared/messages';
import { meansSignedOut, NO_CONNECTION } from './request-failure';
import { getAccessToken, signOut } from './session';

/**
 * A protected call (spec: "bearer"). A 401 or 403 answer removes the token and signs the
 * person out (spec section 4); the error is then thrown for the caller to show. Nothing else
 * does: a 429, a 5xx or a lost connection leaves the person signed in (see request-failure.ts).
 */
export async function authedRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  try {
    const token = await getAccessToken();
    return await apiRequest<T>(path, { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } });
  } catch (error) {
    if (error instanceof ApiRequestError && meansSignedOut(error)) await signOut();
    throw error;
  }
}

export async function authedGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await authedRequest<T>(path, { signal })).data;
}

/** A protected call that answers a file (a PDF, a CSV) rather than JSON, with the same sign-out rule. */
export async function authedRequestRaw(path: string): Promise<Blob> {
  try {
    const token = await getAccessToken();
    let response: Response;
    try {
      response = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin' });
    } catch {
      throw new ApiRequestError(0, NO_CONNECTION, null);
    }
    if (!response.ok) {
      const body = await response.json().catch(() => null);
      throw new ApiRequestError(response.status, typeof body?.message === 'string' ? body.message : API_ERRORS.internal, body);
    }
    return await response.blob();
  } catch (error) {
    if (error instanceof ApiRequestError && meansSignedOut(error)) await signOut();
    throw error;
  }
}
