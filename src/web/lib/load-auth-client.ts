import type { AuthClient } from './auth-client';

let loading: Promise<AuthClient> | null = null;

/** The identity client (better-auth), downloaded on first use by code that may run on any page. */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    (module) => module.authClient,
    (error: unknown) => {
      // A failed download (connection lost, new deploy) may work next time.
      loading = null;
      throw error;
    },
  );
  return loading;
}
