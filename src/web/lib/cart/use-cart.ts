import { useQueryClient } from '@tanstack/react-query';
import { FIRST_VISIT_API_ERRORS as API_ERRORS, type CartLine } from '../../../shared';
import { ApiRequestError } from '../api-client';
import { isAdminUser } from '../session-role';
import { useSession } from '../session-query';
import { localCart, useLocalCart } from './local-cart';
import { serverCart, useServerCart } from './server-cart';

/**
 * Whose cart this is: a visitor's (in this browser), a signed-in customer's (on the server, the
 * same on every device), nobody's (admins do not buy), or not known yet (the sign-in is being checked).
 */
export type CartOwner = 'visitor' | 'customer' | 'admin' | 'pending';

export interface CartState {
  owner: CartOwner;
  lines: CartLine[];
  /** The customer's cart is still on its way from the server. */
  isLoading: boolean;
  /** The customer's cart could not be read (the store busy or out of reach): not the same as empty. */
  loadFailed: boolean;
  /** Reads the customer's cart again after a failure. */
  reload(): void;
  add(toolId: string, quantity: number): Promise<void>;
  set(toolId: string, quantity: number): Promise<void>;
  remove(toolId: string): Promise<void>;
}

const NO_LINES: CartLine[] = [];

export function useCart(): CartState {
  const { data: session, isPending } = useSession();
  const user = session?.user;
  const owner: CartOwner = isPending ? 'pending' : !user ? 'visitor' : isAdminUser(user) ? 'admin' : 'customer';
  const local = useLocalCart();
  const server = useServerCart(owner === 'customer');
  const queryClient = useQueryClient();

  if (owner === 'customer') {
    return {
      owner,
      lines: server.data?.lines ?? NO_LINES,
      isLoading: server.isPending,
      loadFailed: server.isError && !server.data,
      reload: () => void server.refetch(),
      add: async (toolId, quantity) => void (await serverCart.add(queryClient, toolId, quantity)),
      set: async (toolId, quantity) => void (await serverCart.set(queryClient, toolId, quantity)),
      remove: async (toolId) => void (await serverCart.remove(queryClient, toolId)),
    };
  }
  return {
    owner,
    lines: owner === 'visitor' ? local : NO_LINES,
    isLoading: false,
    loadFailed: false,
    reload: () => {},
    add: async (toolId, quantity) => {
      if (!localCart.add(toolId, quantity)) throw new ApiRequestError(409, API_ERRORS.cartFull, null);
    },
    set: async (toolId, quantity) => localCart.set(toolId, quantity),
    remove: async (toolId) => localCart.remove(toolId),
  };
}
