import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { safeRedirectPath } from '../../lib/safe-redirect';
import { fetchAccessToken } from '../../lib/session';

/** Where the guard says the person came from (state.from), else a ?from= query, else home. */
export function useRedirectTarget(): string {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  const query = new URLSearchParams(location.search).get('from');
  return safeRedirectPath(state?.from ?? query ?? '/');
}

/**
 * After the identity service has signed someone in: get the API access token (spec section 4),
 * then go back to where they came from.
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
        await queryClient.invalidateQueries();
        navigate(target, { replace: true });
      })().finally(() => {
        running.current = null;
      });
      return running.current;
    },
    [navigate, target, queryClient],
  );
}
