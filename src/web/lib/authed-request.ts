import { apiRequest, ApiRequestError, type ApiRequest, type ApiResponse } from './api-client';
import { meansSignedOut, NO_CONNECTION } from './request-failure';
import { getAccessToken, renewAccessToken, signOut } from './session';
import { TOASTS } from '../../shared/messages';

/**
 * Sends a protected call with the access token. A stored token may have been refused although it
 * had not expired: it belonged to a session that has ended, while the person has just signed in
 * again (the new session's token is on its way). So a 401 (the bearer scheme's refusal, read as a
 * status like the spec's rule below, whatever the code) is answered once with a token renewed
 * from the identity session; the API checks credentials before doing anything, so the refused
 * request changed nothing and sending it again is safe. A 401 or 403 after that removes the token
 * and signs the person out (spec section 4); the error is then thrown for the caller to show.
 * Nothing else does: a 429, a 5xx or a lost connection leaves the person signed in (see
 * request-failure.ts).
 */
async function withAccessToken<T>(send: (token: string) => Promise<T>): Promise<T> {
  try {
    try {
      return await send(await getAccessToken());
    } catch (error) {
      if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
      return await send(await renewAccessToken());
    }
  } catch (error) {
    if (error instanceof ApiRequestError && meansSignedOut(error)) await signOut();
    throw error;
  }
}

/** A protected call (spec: "bearer"), with JSON in and out. */
export function authedRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  return withAccessToken((token) => apiRequest<T>(path, { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } }));
}

export async function authedGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await authedRequest<T>(path, { signal })).data;
}

/** A protected call that answers a file (a PDF, a CSV) rather than JSON, with the same sign-out rule. */
export function authedRequestRaw(path: string): Promise<Blob> {
  return withAccessToken(async (token) => {
    let response: Response;
    try {
      response = await fetch(`/api${path}`, { headers: { authorization: `Bearer ${token}` }, credentials: 'same-origin' });
    } catch {
      throw new ApiRequestError(0, NO_CONNECTION, null);
    }
    if (!response.ok) {
      const body = await response.json().catch(() => null);
      throw ApiRequestError.fromResponse(response.status, body);
    }
    return response.blob();
  });
}

/**
 * POST a file as the body itself, typed `contentType` (the JSON client would stringify it): a
 * photo, a datasheet, a catalogue CSV. No answer is a connection failure; like every protected
 * call, a 401 or 403 signs the person out.
 */
export async function uploadFileAuthed<T>(path: string, file: File, contentType: string): Promise<T> {
  try {
    const token = await getAccessToken();
    let response: Response;
    try {
      response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': contentType },
        body: file,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiRequestError(0, TOASTS.tryAgain, null);
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) throw ApiRequestError.fromResponse(response.status, body);
    return body as T;
  } catch (error) {
    if (meansSignedOut(error)) await signOut();
    throw error;
  }
}
