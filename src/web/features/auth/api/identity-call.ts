import { apiRequest, ApiRequestError } from '../../../lib/api-client';
import { authErrorMessage } from '../auth-error-message';

/**
 * A POST to the identity service (better-auth at /api/auth) from this browser, with its session
 * cookie: the security pages' password and code checks. A refusal comes back as an Error worded
 * for people (the identity service's codes through the login form's wording).
 */
export async function identityCall<T>(path: string, body: object): Promise<T> {
  try {
    return (await apiRequest<T>(`/auth${path}`, { method: 'POST', body })).data;
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    const code = (error.body as { code?: string } | null)?.code;
    throw new IdentityCallError(error.status, authErrorMessage({ status: error.status, code, message: error.message }) ?? error.message, code);
  }
}

export class IdentityCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The identity service's own code (such as TOTP_NOT_ENABLED), for callers that act on it. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'IdentityCallError';
  }
}
