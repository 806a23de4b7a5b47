import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Cart, CartLine } from '../../../shared';
import { authedGet, authedRequest } from '../authed-request';

/** A signed-in customer's cart, kept by the server: GET /api/cart and the calls that change it. */
export const cartQueryKey = ['cart'] as const;

export const cartQueryOptions = () =>
  queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => authedGet<Cart>('/cart', signal),
    staleTime: 30_000,
  });

export function useServerCart(enabled: boolean) {
  return useQuery({ ...cartQueryOptions(), enabled });
}

/**
 * Every change answers the whole cart: it becomes what the page shows, with no second read. A read
 * still on its way is cancelled first: it may have been answered before this change (the merge at
 * sign-in starts beside the first read), and arriving later it would put the older cart back.
 */
async function change(queryClient: QueryClient, path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<Cart> {
  const { data } = await authedRequest<Cart>(path, { method, ...(body === undefined ? {} : { body }) });
  await queryClient.cancelQueries({ queryKey: cartQueryKey });
  queryClient.setQueryData(cartQueryKey, data);
  return data;
}

const linePath = (toolId: string) => `/cart/lines/${encodeURIComponent(toolId)}`;

export const serverCart = {
  add: (queryClient: QueryClient, toolId: string, quantity: number) => change(queryClient, '/cart/lines', 'POST', { toolId, quantity }),
  set: (queryClient: QueryClient, toolId: string, quantity: number) => change(queryClient, linePath(toolId), 'PUT', { quantity }),
  remove: (queryClient: QueryClient, toolId: string) => change(queryClient, linePath(toolId), 'DELETE'),
  merge: (queryClient: QueryClient, lines: CartLine[]) => change(queryClient, '/cart/merge', 'POST', { lines }),
};
