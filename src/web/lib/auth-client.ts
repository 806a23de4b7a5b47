import { createAuthClient } from 'better-auth/react';
import { adoptAuthClient } from './session-store';

/**
 * The identity service's client (better-auth), served by our own API at /api/auth. Only forms and
 * actions import it (sign-in, sign-up, sign-out, token renewal), so it stays out of a first visit;
 * components that only need to know who is signed in use `useSession` from session-store.ts.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export type AuthClient = typeof authClient;

adoptAuthClient(authClient);
