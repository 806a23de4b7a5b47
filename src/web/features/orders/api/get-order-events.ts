import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderEvent } from '../../../../shared/schemas/orders';
import { authedGet } from '../../../lib/authed-request';
import { ordersQueryKey } from './get-my-orders';

/** GET /orders/{id}/events: the order's timeline (its buyer or an admin), oldest first. */
export const orderEventsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'events', id],
    queryFn: ({ signal }) => authedGet<OrderEvent[]>(`/orders/${encodeURIComponent(id)}/events`, signal),
    retry: false,
  });

export function useOrderEvents(id: string) {
  return useQuery(orderEventsQueryOptions(id));
}
