import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tool } from '../../../../../shared';
import { TOTAL_COUNT_HEADER } from '../../../../../shared/constants';
import { apiRequest } from '../../../../lib/api-client';
import { itemsQueryKey, type ToolPage } from '../../api/get-items';

export const TOOLS_PAGE_SIZE = 20;

/**
 * GET /items?limit=&offset=&q=: one page of the catalogue for Manage Tools, searched or not. The
 * search is the catalogue's own (Our Tools uses it too): words of a tool's name or description, or
 * their beginnings, in any case ("multim" finds "Digital Multimeter"). The key sits under the
 * catalogue's, so one invalidation refreshes this table, Our Tools and the home page together.
 */
export async function getToolsPage(page: number, q: string, signal?: AbortSignal): Promise<ToolPage> {
  const offset = (page - 1) * TOOLS_PAGE_SIZE;
  const params = new URLSearchParams({ limit: String(TOOLS_PAGE_SIZE), offset: String(offset) });
  if (q) params.set('q', q);
  const { data, headers } = await apiRequest<Tool[]>(`/items?${params.toString()}`, { signal });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length), offset };
}

export const toolsPageQueryOptions = (page: number, q: string) =>
  queryOptions({
    queryKey: [...itemsQueryKey, 'admin-page', { page, pageSize: TOOLS_PAGE_SIZE, q }],
    queryFn: ({ signal }) => getToolsPage(page, q, signal),
  });

export function useToolsPage(page: number, q = '') {
  return useQuery({ ...toolsPageQueryOptions(page, q), placeholderData: keepPreviousData });
}
