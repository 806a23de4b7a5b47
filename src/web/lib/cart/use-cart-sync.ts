import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isAdminUser } from '../session-role';
import { useSession } from '../session-query';
import { localCart, useLocalCart } from './local-cart';
import { serverCart } from './server-cart';

/**
 * Joins a visitor's cart to the customer's own as soon as a customer is signed in (by any way:
 * the login form, Google, a verification link), then empties this browser's copy. The server
 * keeps the larger quantity of a tool in both, so a merge sent twice (two tabs) adds nothing.
 * A merge that fails keeps the local cart, to be tried on the next page.
 */
export function useCartSync(): void {
  const { data: session } = useSession();
  const local = useLocalCart();
  const queryClient = useQueryClient();
  const merging = useRef(false);
  const customer = Boolean(session?.user) && !isAdminUser(session?.user);

  useEffect(() => {
    if (!customer || local.length === 0 || merging.current) return;
    merging.current = true;
    serverCart
      .merge(queryClient, local)
      .then(() => localCart.clear())
      .catch(() => undefined)
      .finally(() => {
        merging.current = false;
      });
  }, [customer, local, queryClient]);
}
