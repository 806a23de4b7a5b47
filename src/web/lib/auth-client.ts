import { createAuthClient } from 'better-auth/react';

/**
 * The identity service's client (better-auth), served by our own API at /api/auth, for what
 * changes a sign-in: the sign-in and sign-up forms, Google, sign-out, email links. Only those
 * import it (statically from their lazy pages, or through `loadAuthClient`), so it stays out of a
 * first visit; who is signed in is read without it (session-query.ts).
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export type AuthClient = typeof authClient;
