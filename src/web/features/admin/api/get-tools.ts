import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getItems, itemsQueryKey } from '../../catalogue/api/get-items';

export const TOOLS_PAGE_SIZE = 20;

/**
 * GET /items?limit=&offset=: one page of the catalogue for Manage Tools. The key sits under the
 * catalogue's, so one invalidation refreshes this table, Our Tools and the home page together.
 */
export const toolsPageQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'admin-page', { page, pageSize: TOOLS_PAGE_SIZE }],
    queryFn: ({ signal }) => getItems(TOOLS_PAGE_SIZE, (page - 1) * TOOLS_PAGE_SIZE, signal),
  });

export function useToolsPage(page: number) {
  return useQuery({ ...toolsPageQueryOptions(page), placeholderData: keepPreviousData });
}
