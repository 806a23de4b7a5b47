import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderSort, OrderState, SortDirection } from '../../../../../shared/schemas/order-list';
import type { Order } from '../../../../../shared/schemas/orders';
import { fetchAuthedPage } from '../../../../lib/paging';
import { ordersQueryKey } from '../../api/get-my-orders';

export const ORDERS_PAGE_SIZE = 20;

/** Which orders Manage Orders shows, and in what order: the same for the list and its CSV export. */
export interface OrdersFilter {
  /** Absent: every order. */
  state?: OrderState;
  /** An order number, or a part of a buyer's name or email or of a tool's name. */
  q?: string;
  /** Absent: newest first. */
  sort?: AdminOrderSort;
  /** Absent: the column's own first direction. */
  dir?: SortDirection;
}

/** The filter as the API's query (`state=…&q=…&sort=…&dir=…`), leaving out what is not set. */
export function ordersFilterParams(filter: OrdersFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.state) query.set('state', filter.state);
  if (filter.q) query.set('q', filter.q);
  if (filter.sort) query.set('sort', filter.sort);
  if (filter.dir) query.set('dir', filter.dir);
  return query;
}

/**
 * GET /orders?limit=&offset=&state=&q=&sort=&dir= (admin): one page of everyone's orders. The key
 * sits under the orders prefix, so an order change refreshes this list and the buyer's own together.
 */
export const allOrdersQueryOptions = (filter: OrdersFilter, page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKey, 'all', { ...filter, page, pageSize: ORDERS_PAGE_SIZE }],
    queryFn: ({ signal }) => {
      const query = ordersFilterParams(filter);
      const search = query.size > 0 ? `?${query}` : '';
      return fetchAuthedPage<Order>(`/orders${search}`, page, ORDERS_PAGE_SIZE, signal);
    },
  });

export function useAllOrders(filter: OrdersFilter, page: number) {
  return useQuery({ ...allOrdersQueryOptions(filter, page), placeholderData: keepPreviousData });
}
