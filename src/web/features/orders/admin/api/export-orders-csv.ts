import { ordersFilterParams, type OrdersFilter } from './get-orders';

/**
 * GET /api/orders.csv?state=&q=&sort=&dir= (admin): every order the list's filter matches, in its
 * order, as a CSV download. A plain link: the API takes the session cookie for it as well as the
 * bearer token, so the browser saves the file as it streams in, however long it is, and nothing
 * holds it in memory (a fetched Blob would hold all of it).
 */
export function ordersCsvHref(filter: OrdersFilter): string {
  const query = ordersFilterParams(filter);
  return `/api/orders.csv${query.size > 0 ? `?${query}` : ''}`;
}
