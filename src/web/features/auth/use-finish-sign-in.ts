import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { fetchAccessToken } from '../../lib/session';
import { otherThanSession, refreshSession } from '../../lib/session-query';

/** Where the guard says the person came from (state.from), else a ?from= query, else home. */
export function useRedirectTarget(): string {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  const query = new URLSearchParams(location.search).get('from');
  return safeRedirectPath(state?.from ?? query ?? '/');
}

/**
 * After the identity service has signed someone in: get the API access token (spec section 4),
 * learn who is signed in (so the guards of the page gone back to see the person), read again
 * whatever was cached for the visitor before, then go back to where they came from.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const queryClient = useQueryClient();
  // The form and the "already signed in" effect may both finish; only one runs at a time.
  const running = useRef<Promise<void> | null>(null);
  return useCallback(
    (email: string) => {
      running.current ??= (async () => {
        await fetchAccessToken(email);
        await refreshSession();
        await queryClient.invalidateQueries(otherThanSession);
        navigate(target, { replace: true });
      })().finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [navigate, target, queryClient],
  );
}
