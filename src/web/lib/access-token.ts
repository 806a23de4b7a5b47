/** The API bearer token, kept in the browser under the name the spec gives it. */
const STORAGE_KEY = 'accessToken';
/** Renew a little before expiry so a request never leaves with a token about to lapse. */
const RENEW_MARGIN_MS = 60_000;

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string) {
  localStorage.setItem(STORAGE_KEY, token);
}

export function clearAccessToken() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

interface TokenClaims {
  exp?: number;
}

function claimsOf(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as TokenClaims;
  } catch {
    return null;
  }
}

/** True when the token will still be valid for a while. The server checks it for real. */
export function isFreshToken(token: string): boolean {
  const claims = claimsOf(token);
  return Boolean(claims?.exp && claims.exp * 1000 - Date.now() > RENEW_MARGIN_MS);
}
