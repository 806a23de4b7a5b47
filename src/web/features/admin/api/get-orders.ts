import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderState } from '../../../../shared/schemas/admin';
import type { Order } from '../../../../shared/schemas/orders';
import { fetchAuthedPage } from '../../../lib/paging';
import { ordersQueryKey } from '../../orders/api/get-my-orders';

export const ORDERS_PAGE_SIZE = 20;

export interface OrdersFilter {
  /** Absent: every order. */
  state?: OrderState;
  /** A buyer's exact email. */
  email?: string;
}

/**
 * GET /orders?limit=&offset=&state=&email= (admin): one page of everyone's orders. The key sits
 * under the orders prefix, so an order change refreshes this list and the buyer's own together.
 */
export const allOrdersQueryOptions = (filter: OrdersFilter, page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'all', { ...filter, page, pageSize: ORDERS_PAGE_SIZE }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filter.state) query.set('state', filter.state);
      if (filter.email) query.set('email', filter.email);
      const search = query.size > 0 ? `?${query}` : '';
      return fetchAuthedPage<Order>(`/orders${search}`, page, ORDERS_PAGE_SIZE, signal);
    },
  });

export function useAllOrders(filter: OrdersFilter, page: number) {
  return useQuery({ ...allOrdersQueryOptions(filter, page), placeholderData: keepPreviousData });
}
