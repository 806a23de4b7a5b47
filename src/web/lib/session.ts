import { FIRST_VISIT_API_ERRORS as API_ERRORS, TOASTS } from '../../shared';
import { clearAccessToken, isFreshToken, readAccessToken, storeAccessToken } from './access-token';
import { apiRequest, ApiRequestError } from './api-client';
import { queryClient } from './query-client';
import { meansSignedOut, NO_CONNECTION, statusOf } from './request-failure';
import { loadAuthClient, refreshSession } from './session-store';

let renewal: Promise<string> | null = null;

/** Asks the API for a new access token for the signed-in identity (spec: POST /login {email}). */
export async function fetchAccessToken(email: string): Promise<string> {
  const { data } = await apiRequest<{ accessToken: string }>('/login', { method: 'POST', body: { email } });
  storeAccessToken(data.accessToken);
  return data.accessToken;
}

/**
 * A valid access token for the signed-in person, renewed from the identity session when it is
 * missing or about to expire, so the person never notices that it is short-lived.
 */
export async function getAccessToken(): Promise<string> {
  // A stored token that is still fresh is used as it is: the server checks it, and its session,
  // on every call. Sign-in always replaces it and sign-out clears it.
  const stored = readAccessToken();
  if (stored && isFreshToken(stored)) return stored;
  return renewAccessToken();
}

/**
 * A new access token from the identity session, whatever is stored: for a stored token the API
 * refused although it had not expired (its session ended, and a newer sign-in has not replaced it
 * yet). Concurrent callers share one renewal.
 */
export function renewAccessToken(): Promise<string> {
  renewal ??= renewFromSession().finally(() => {
    renewal = null;
  });
  return renewal;
}

async function renewFromSession(): Promise<string> {
  const authClient = await loadAuthClient().catch(() => {
    throw new ApiRequestError(0, NO_CONNECTION, null);
  });
  const session = await authClient.getSession();
  // A busy or unreachable identity service is not "signed out": say so, and keep the session.
  if (session.error && !meansSignedOut(session.error)) {
    const status = statusOf(session.error) ?? 0;
    throw new ApiRequestError(status, status === 0 ? NO_CONNECTION : TOASTS.storeBusy, null);
  }
  const email = session.data?.user.email;
  if (!email) throw new ApiRequestError(401, API_ERRORS.signInRequired, null);
  return fetchAccessToken(email);
}

/**
 * Ends the identity session on the server and forgets everything about the person here. It
 * resolves once the session store knows too: a page opened right after (the login page, after a
 * guard signed someone out) would otherwise still see the old session, take it for a sign-in,
 * and ask for an access token the server can no longer give.
 */
export async function signOut() {
  clearAccessToken();
  try {
    const authClient = await loadAuthClient();
    await authClient.signOut();
    await refreshSession();
  } finally {
    queryClient.clear();
  }
}
