import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { linkTokenOf } from '../../../shared/identity-links';

/**
 * The token of the emailed link that opened this page (`#token=…`). Read once; then the address
 * bar drops it, so it does not stay in the history or show on a shared screen.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => linkTokenOf(location.hash));
  useEffect(() => {
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate]);
  return token;
}
