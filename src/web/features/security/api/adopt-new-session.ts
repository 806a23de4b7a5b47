import type { QueryClient } from '@tanstack/react-query';
import { clearAccessToken } from '../../../lib/access-token';
import { fetchAccessToken } from '../../../lib/session';
import { otherThanSession, refreshSession } from '../../../lib/session-query';

/**
 * Changing the password and turning two-step sign-in on or off give this browser a new identity
 * session and end the old one, with the access token named by it: the old token is dropped at
 * once (a call made meanwhile renews from the new session rather than being refused and signing
 * the person out), a token for the new session is taken, and only then does the page learn of the
 * change and read everything again.
 */
export async function adoptNewSession(queryClient: QueryClient, email: string) {
  clearAccessToken();
  await fetchAccessToken(email);
  await refreshSession();
  await queryClient.invalidateQueries(otherThanSession);
}
