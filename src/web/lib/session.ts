import { FIRST_VISIT_API_ERRORS as API_ERRORS } from '../../shared';
import { clearAccessToken, isFreshToken, readAccessToken, storeAccessToken } from './access-token';
import { apiRequest, ApiRequestError } from './api-client';
import { loadAuthClient } from './load-auth-client';
import { queryClient } from './query-client';
import { otherThanSession, readSessionNow, refreshSession } from './session-query';
import type { AccessTokenResponse } from '../../shared/schemas/accounts';

let renewal: Promise<string> | null = null;

/** Asks the API for a new access token for the signed-in identity (spec: POST /login {email}). */
export async function fetchAccessToken(email: string): Promise<string> {
  const { data } = await apiRequest<AccessTokenResponse>('/login', { method: 'POST', body: { email } });
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
  // Asked of the server, not the cache: the session may have ended or changed since. A busy or
  // unreachable store rejects with its status (the person stays signed in); only "nobody is
  // signed in" is a 401.
  const session = await readSessionNow();
  const email = session?.user.email;
  if (!email) throw new ApiRequestError(401, API_ERRORS.signInRequired, null);
  return fetchAccessToken(email);
}

/**
 * Forgets the person here: the access token, every cached answer, and (asked of the server again)
 * who is signed in. For when the session has ended on the server (signing out, a password reset).
 * Resolves once `useSession()` knows: a page opened right after (the login page, after a guard
 * signed someone out) would otherwise still see the old session, take it for a sign-in, and ask
 * for an access token the server can no longer give.
 */
export async function forgetSignIn(): Promise<void> {
  clearAccessToken();
  await refreshSession();
  queryClient.removeQueries(otherThanSession);
}

/** Ends the identity session on the server, then forgets everything about the person here. */
export async function signOut(): Promise<void> {
  clearAccessToken();
  try {
    const authClient = await loadAuthClient();
    await authClient.signOut();
  } finally {
    await forgetSignIn();
  }
}
