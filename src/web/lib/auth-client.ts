import { createAuthClient } from 'better-auth/react';

/** The identity service's client (better-auth), served by our own API at /api/auth. */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export const useSession = authClient.useSession;
