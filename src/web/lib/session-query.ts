import { notifyManager, queryOptions, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchIdentitySession, type IdentitySession } from './identity-session';
import { queryClient } from './query-client';
import { announceSessionChange, onSessionChangeElsewhere } from './session-broadcast';

/**
 * Who is signed in, for every component that needs to know: the navbar, the user menu, the route
 * guards, the pages. A TanStack Query over `GET /api/auth/get-session`, so the identity client
 * (better-auth's, ~40 kB) stays off a first visit (docs/decisions/013 and 030). Whatever changes
 * the sign-in here (signing in or out, a new session after a password change) calls
 * `refreshSession()` or invalidates every query afterwards.
 */

export const sessionQueryKey = ['identity-session'] as const;

/** Asked again when the tab is shown or the connection is back, at most once in this long. */
const FOCUS_REFETCH_AFTER_MS = 5_000;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchIdentitySession(signal),
    // Another tab may have signed in or out: ask when this one is looked at again.
    staleTime: FOCUS_REFETCH_AFTER_MS,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    // A page that mounts does not ask again (every page reads it); an answer marked out of date does.
    refetchOnMount: (query) => query.state.isInvalidated,
    // A busy store is shown by the guard that needed the answer, with its own Try again and timer.
    retry: false,
    meta: { quietWhenBusy: true },
  });

export interface SessionState {
  /** The signed-in person and their session; null when nobody is signed in or before the answer. */
  data: IdentitySession | null;
  /** Why the last check failed (busy store, no connection); the last answer is kept meanwhile. */
  error: Error | null;
  /** No answer yet. */
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

/** Who is signed in: `{ data, error, isPending, refetch }`, the fields better-auth's hook gave. */
export function useSession(): SessionState {
  const { data, error, isPending, refetch } = useQuery(sessionQueryOptions());
  return { data: data ?? null, error, isPending, refetch };
}

/**
 * The server's answer now, never a cached one. An answer already on its way may have left before
 * the sign-in or sign-out this read must see, so TanStack Query cancels it and asks again (before
 * the very first answer there is nothing to cancel: that one is waited for). Every `useSession()`
 * shows the answer too. Rejects when the store did not answer (see fetchIdentitySession).
 */
export async function readSessionNow(): Promise<IdentitySession | null> {
  if (queryClient.getQueryData(sessionQueryKey) === undefined) return queryClient.query({ ...sessionQueryOptions(), staleTime: 0 });
  await queryClient.refetchQueries({ queryKey: sessionQueryKey, exact: true }, { cancelRefetch: true, throwOnError: true });
  return queryClient.getQueryData(sessionQueryKey) ?? null;
}

/**
 * After something here changed who is signed in: asks the server again, resolves once every
 * `useSession()` has the answer (or the failure), and tells this browser's other tabs.
 */
export async function refreshSession(): Promise<void> {
  await readSessionNow().catch(() => undefined);
  // TanStack Query tells components in a task of its own. Resolving after it keeps a navigation
  // that follows (a role guard's, to Login with its reason) after the one the signed-in guard
  // starts when it sees the change, so the guard's reason is the one the login page shows.
  await new Promise<void>((resolve) => notifyManager.schedule(resolve));
  announceSessionChange();
}

/** Every cached answer but the session: what a change of who is signed in makes out of date. */
export const otherThanSession = { predicate: (query: Query) => query.queryKey[0] !== sessionQueryKey[0] };

/** Mounted once (the root layout): a sign-in or sign-out in another tab is asked about here at once. */
export function useSessionFromOtherTabs(): void {
  const client = useQueryClient();
  useEffect(() => onSessionChangeElsewhere(() => void client.invalidateQueries({ queryKey: sessionQueryKey, exact: true })), [client]);
}
