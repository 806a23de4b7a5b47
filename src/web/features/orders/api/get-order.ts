import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders';
import { authedGet } from '../../../lib/authed-request';
import { ordersQueryKey } from './get-my-orders';

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'one', id],
    queryFn: ({ signal }) => authedGet<Order>(`/orders/${encodeURIComponent(id)}`, signal),
    retry: false,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
