import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/schemas/orders';
import { fetchAuthedPage } from '../../../lib/paging';

/** Prefix of every order query: mutations invalidate it to refresh all of them. */
export const ordersQueryKey = ['orders'] as const;

export const MY_ORDERS_PAGE_SIZE = 10;

/** GET /order/{email}?limit=&offset=: one page of the signed-in customer's orders, newest first. */
export const myOrdersQueryOptions = (email: string, page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'mine', email, { page, pageSize: MY_ORDERS_PAGE_SIZE }],
    queryFn: ({ signal }) => fetchAuthedPage<Order>(`/order/${encodeURIComponent(email)}`, page, MY_ORDERS_PAGE_SIZE, signal),
  });

/**
 * The page before stays on screen while the next one loads, so the table does not jump; never
 * another person's page, though.
 */
export function useMyOrders(email: string, page: number) {
  return useQuery({
    ...myOrdersQueryOptions(email, page),
    enabled: email !== '',
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === email ? keepPreviousData(previous) : undefined),
  });
}
