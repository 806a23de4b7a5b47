import { ApiRequestError, apiGet } from './api-client';
import { meansSignedOut } from './request-failure';

/**
 * What `GET /api/auth/get-session` (better-auth's documented session call) answers for a
 * signed-in browser, as JSON: dates are ISO strings. Only the fields the pages read are named;
 * `role` and `secondFactorAt` are the store's own additional fields, `twoFactorEnabled` is the
 * two-factor plugin's. `src/server/identity/get-session-contract.test.ts` checks these against
 * the real endpoint.
 */
export interface IdentitySession {
  session: {
    id: string;
    expiresAt: string;
    /** When this session showed a code from an authenticator app (decision 023); null if never. */
    secondFactorAt?: string | null;
  };
  user: {
    id: string;
    email: string;
    name: string;
    image?: string | null;
    emailVerified: boolean;
    role?: string | null;
    twoFactorEnabled?: boolean | null;
  };
}

/**
 * Who is signed in in this browser, asked with our own API client (the session cookie goes with
 * it), so reading it needs none of the identity client's code. `null` when nobody is: the server
 * answers `null` without a session, and a refused credential (401: the session ended while it was
 * being renewed) means the same. Any other failure (429, 5xx, no connection) is thrown: the store
 * is busy, and the person may well still be signed in.
 */
export async function fetchIdentitySession(signal?: AbortSignal): Promise<IdentitySession | null> {
  try {
    const body = await apiGet<IdentitySession | null>('/auth/get-session', signal);
    return body?.session && body.user ? body : null;
  } catch (error) {
    if (error instanceof ApiRequestError && meansSignedOut(error)) return null;
    throw error;
  }
}
