import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders';
import { authedGet } from '../../../lib/authed-request';

export const ordersQueryKey = ['orders'] as const;

/** GET /order/{email}: the signed-in customer's orders, newest first. */
export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'mine', email],
    queryFn: ({ signal }) => authedGet<Order[]>(`/order/${encodeURIComponent(email)}`, signal),
  });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQueryOptions(email));
}
